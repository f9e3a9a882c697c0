// Projects counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const projectUsageCounts = {
  all: sqlCount('SELECT COUNT("Project"."id") AS count FROM "Project"'),
  public: sqlCount(`SELECT COUNT("Project"."id") AS count FROM "Project" WHERE "Project"."visibility" = 'public'`),
  internal: sqlCount(`SELECT COUNT("Project"."id") AS count FROM "Project" WHERE "Project"."visibility" = 'internal'`),
  private: sqlCount(`SELECT COUNT("Project"."id") AS count FROM "Project" WHERE "Project"."visibility" = 'private'`),
}
