// Groups counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const groupUsageCounts = {
  groups: sqlCount(`SELECT COUNT("Namespace"."id") AS count FROM "Namespace" WHERE "Namespace"."kind" = 'group'`),
}
