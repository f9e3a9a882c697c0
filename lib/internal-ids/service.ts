// GitLab's internal_ids (InternalId in prisma/schema.prisma): iids numbered per project or group, one
// counter row per usage and owner, taken inside the transaction that inserts the numbered row.
import type { Prisma } from '../db'

/** What is numbered, and whether per project or per group (GitLab's InternalId usages). */
const PER_GROUP = new Set(['epics'])
export type InternalIdUsage = 'ci_pipelines' | 'issues' | 'epics'

type Row = { lastValue: number | bigint }[]

/**
 * The next iid of `usage` for the project (or group, for epics) `ownerId`: one statement that inserts
 * the counter at 1 or increments it, so concurrent transactions on either database never collide
 * (PostgreSQL holds the row lock until the caller commits) and no row is read first.
 */
export async function nextInternalId(
  t: Prisma.TransactionClient,
  usage: InternalIdUsage,
  ownerId: number,
): Promise<number> {
  const rows = PER_GROUP.has(usage)
    ? await t.$queryRaw<Row>`
        INSERT INTO "InternalId" ("usage", "namespaceId", "lastValue") VALUES (${usage}, ${ownerId}, 1)
        ON CONFLICT ("namespaceId", "usage") DO UPDATE SET "lastValue" = "InternalId"."lastValue" + 1
        RETURNING "lastValue"`
    : await t.$queryRaw<Row>`
        INSERT INTO "InternalId" ("usage", "projectId", "lastValue") VALUES (${usage}, ${ownerId}, 1)
        ON CONFLICT ("projectId", "usage") DO UPDATE SET "lastValue" = "InternalId"."lastValue" + 1
        RETURNING "lastValue"`
  return Number(rows[0]!.lastValue)
}
