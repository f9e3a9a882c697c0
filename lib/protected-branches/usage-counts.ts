// Protected branches counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const protectedBranchUsageCounts = {
  all: sqlCount('SELECT COUNT("ProtectedBranch"."id") AS count FROM "ProtectedBranch"'),
}
