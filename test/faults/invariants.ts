// What must hold in the database after any crash (issue 34 §3): each violation found is one line
// naming the rows. Foreign keys the schema declares (SQLite checks them with foreign_key_check;
// PostgreSQL cannot commit without them), uniqueness re-checked by grouping (an index that lost
// rows would not say so), and what the schema cannot enforce: polymorphic references (members,
// redirects), the path and traversal columns a group's descendants copy from it, the iid counters
// ahead of every iid handed out, one owner for every group.
import type { OwnDatabase } from './own-database'

const DUPLICATES: [string, string][] = [
  ['Namespace', '"fullPathLower"'],
  ['Project', '"fullPathLower"'],
  ['Issue', '"projectId", "iid"'],
  ['Epic', '"groupId", "iid"'],
  ['WorkItemParentLink', '"parentId", "relativePosition"'],
  ['WorkItemParentLink', '"childId"'],
  ['Member', '"sourceType", "sourceId", "userId"'],
  ['RedirectRoute', '"pathLower"'],
  ['ApplicationSetting', '"key"'],
]

/** Each query returns the offending rows; its label says what they break. */
const ORPHANS: [string, string][] = [
  [
    'member of a missing group or project',
    `SELECT m."id" FROM "Member" m WHERE (m."sourceType" = 'Namespace' AND NOT EXISTS (SELECT 1 FROM "Namespace" n WHERE n."id" = m."sourceId"))
       OR (m."sourceType" = 'Project' AND NOT EXISTS (SELECT 1 FROM "Project" p WHERE p."id" = m."sourceId"))`,
  ],
  [
    'redirect to a missing group or project',
    `SELECT r."id" FROM "RedirectRoute" r WHERE (r."sourceType" = 'Namespace' AND NOT EXISTS (SELECT 1 FROM "Namespace" n WHERE n."id" = r."sourceId"))
       OR (r."sourceType" = 'Project' AND NOT EXISTS (SELECT 1 FROM "Project" p WHERE p."id" = r."sourceId"))`,
  ],
  [
    'subgroup whose paths or traversal ids do not follow its parent',
    `SELECT c."id" FROM "Namespace" c JOIN "Namespace" p ON p."id" = c."parentId"
      WHERE c."fullPath" <> p."fullPath" || '/' || c."path" OR c."fullName" <> p."fullName" || ' / ' || c."name"
         OR c."traversalIds" <> p."traversalIds" || CAST(c."id" AS TEXT) || '/'`,
  ],
  [
    'top-level namespace with a stale full path or traversal ids',
    `SELECT n."id" FROM "Namespace" n WHERE n."parentId" IS NULL AND (n."fullPath" <> n."path" OR n."traversalIds" <> CAST(n."id" AS TEXT) || '/')`,
  ],
  [
    'namespace whose lower-case path is stale',
    `SELECT n."id" FROM "Namespace" n WHERE n."fullPathLower" <> LOWER(n."fullPath")`,
  ],
  [
    'project whose paths do not follow its namespace',
    `SELECT p."id" FROM "Project" p JOIN "Namespace" n ON n."id" = p."namespaceId"
      WHERE p."fullPath" <> n."fullPath" || '/' || p."path" OR p."fullPathLower" <> LOWER(p."fullPath") OR p."traversalIds" <> n."traversalIds"`,
  ],
  [
    'group without an owner',
    `SELECT n."id" FROM "Namespace" n WHERE n."kind" = 'group' AND NOT EXISTS (SELECT 1 FROM "Member" m WHERE m."sourceType" = 'Namespace' AND m."sourceId" = n."id" AND m."accessLevel" = 50)`,
  ],
  [
    'project whose issue counter is behind its issues',
    `SELECT p."id" FROM "Project" p WHERE COALESCE((SELECT c."lastValue" FROM "InternalId" c WHERE c."projectId" = p."id" AND c."usage" = 'issues'), 0) < (SELECT COALESCE(MAX(i."iid"), 0) FROM "Issue" i WHERE i."projectId" = p."id")`,
  ],
  [
    'project whose pipeline counter is behind its pipelines',
    `SELECT p."id" FROM "Project" p WHERE COALESCE((SELECT c."lastValue" FROM "InternalId" c WHERE c."projectId" = p."id" AND c."usage" = 'ci_pipelines'), 0) < (SELECT COALESCE(MAX(x."iid"), 0) FROM "Pipeline" x WHERE x."projectId" = p."id")`,
  ],
  [
    'group whose epic counter is behind its epics',
    `SELECT n."id" FROM "Namespace" n WHERE COALESCE((SELECT c."lastValue" FROM "InternalId" c WHERE c."namespaceId" = n."id" AND c."usage" = 'epics'), 0) < (SELECT COALESCE(MAX(e."iid"), 0) FROM "Epic" e WHERE e."groupId" = n."id")`,
  ],
]

export async function invariantViolations(db: OwnDatabase): Promise<string[]> {
  const out: string[] = []
  if (db.kind === 'sqlite') {
    const fk = await db.query('PRAGMA foreign_key_check')
    if (fk.length) out.push(`foreign_key_check: ${JSON.stringify(fk.slice(0, 5))}`)
    const [integrity] = await db.query<{ integrity_check: string }>('PRAGMA integrity_check')
    if (integrity?.integrity_check !== 'ok') out.push(`integrity_check: ${JSON.stringify(integrity)}`)
  }
  for (const [table, columns] of DUPLICATES) {
    const rows = await db.query(
      `SELECT ${columns}, COUNT(*) AS n FROM "${table}" GROUP BY ${columns} HAVING COUNT(*) > 1`,
    )
    if (rows.length) out.push(`duplicate ${table}(${columns}): ${JSON.stringify(rows.slice(0, 5))}`)
  }
  for (const [label, sql] of ORPHANS) {
    const rows = await db.query(sql)
    if (rows.length) out.push(`${label}: ${JSON.stringify(rows.slice(0, 5))}`)
  }
  return out
}
