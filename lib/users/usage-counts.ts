// Users counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const userUsageCounts = {
  all: sqlCount('SELECT COUNT("User"."id") AS count FROM "User"'),
  // GitLab's User.active: not blocked, and no bots.
  active: sqlCount(
    `SELECT COUNT("User"."id") AS count FROM "User" WHERE "User"."state" = 'active' AND "User"."bot" = false`,
  ),
  admins: sqlCount('SELECT COUNT("User"."id") AS count FROM "User" WHERE "User"."admin" = true'),
}
