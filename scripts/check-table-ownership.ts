// "A domain touches another domain's tables only through that domain's service" (docs/architecture.md,
// Layers). Imports cannot show a Prisma call, so this reads the code: every `db.<model>.<operation>`
// (also `tx.`, `t.`, `prisma.`, `client.`, `(await getDb()).`), every findOneFast/findManyFast of a
// model and every table a raw SQL statement names (`"Model"`: Prettier leaves double quotes only in
// SQL) in lib/<folder>/**/*.ts is checked against the model's owning domain below. Part of `npm run lint:deps`; lib/tooling/layers.test.ts plants a
// violation to prove it fails.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** Every model of prisma/schema.prisma and the lib/ folder that owns its table. */
export const OWNER: Record<string, string> = {
  User: 'users',
  PersonalAccessToken: 'tokens',
  Namespace: 'groups',
  Project: 'projects',
  RedirectRoute: 'routes',
  Member: 'members',
  Commit: 'repository',
  ProjectBlob: 'repository',
  RepositoryRef: 'repository',
  SystemValue: 'settings',
  ChangeStamp: 'db',
  TableChange: 'db',
  ApplicationSetting: 'settings',
  ApplicationSettingChange: 'settings',
  BroadcastMessage: 'broadcast-messages',
  BroadcastMessageDismissal: 'broadcast-messages',
  RateLimitCounter: 'throttle',
  TermsAcceptance: 'settings',
  AdminModeSession: 'settings',
  ConsoleSession: 'auth',
  ContainerRegistryProtectionTagRule: 'registry-protection',
  ContainerRepository: 'container-registry',
  Issue: 'issues',
  IssueAssignee: 'issues',
  IssueLabel: 'issues',
  Epic: 'epics',
  EpicLabel: 'epics',
  WorkItemParentLink: 'epic-issues',
  ProtectedBranch: 'protected-branches',
  ProtectedBranchAccess: 'protected-branches',
  SshKey: 'ssh-keys',
  Pipeline: 'pipelines',
  JobQueueTick: 'pipelines',
  InternalId: 'internal-ids',
  Job: 'ci-jobs',
  JobTraceChunk: 'ci-jobs',
  Runner: 'runners',
  RunnerTag: 'runners',
  RunnerProject: 'runners',
  RunnerManager: 'runners',
  CiVariable: 'ci-variables',
  PipelineSchedule: 'pipeline-schedules',
  PipelineScheduleVariable: 'pipeline-schedules',
  CustomAttribute: 'custom-attributes',
  Invitation: 'invitations',
  MemberApproval: 'member-approvals',
  Identity: 'users',
  SamlGroupLink: 'saml',
  Snippet: 'snippets',
  SnippetVersion: 'snippets',
  SnippetBlob: 'snippets',
  ProjectGroupLink: 'project-shares',
  AccessRequest: 'access-requests',
  GroupGroupLink: 'group-shares',
  QueuedTask: 'queue',
  QueueLock: 'queue',
  QueueWorker: 'queue',
  RelationExport: 'relation-exports',
  GroupExportArchive: 'group-export',
  GroupImportUpload: 'group-export',
  BulkImport: 'bulk-imports',
  BulkImportEntity: 'bulk-imports',
  BulkImportFailure: 'bulk-imports',
  UsageDataPayload: 'usage-data',
  UsageDataSchedule: 'usage-data',
  UsageEvent: 'usage-data',
  FeatureFlag: 'features',
  FeatureFlagActor: 'features',
}

/**
 * The folders that read other domains' tables by design, as `folder: [models]`: the two finders of
 * the hot path and two aggregate statements. A domain that needs another's rows calls that domain's
 * finder or service instead.
 */
export const ALLOWED: Record<string, { models: string[]; why: string }> = {
  // lib/auth is the per-request hot path (token → actor, memberships with their groups' traversal
  // ids): one query of its own, cached; going through five services would cost a query each. It
  // reads Project for GroupPolicy's has_projects (a project seen below a group) and the groups above
  // one's projects: lib/projects asks lib/auth's policy, so a call back into it would tie both ways.
  auth: {
    models: ['GroupGroupLink', 'Member', 'Namespace', 'PersonalAccessToken', 'Project', 'ProjectGroupLink', 'User'],
    why: 'hot path: one cached query per request; has_projects',
  },
  // lib/routes resolves `group/sub/project` paths over both tables (with RedirectRoute): it is the finder the owners use.
  routes: { models: ['Namespace', 'Project'], why: 'path resolution is the finder of both tables' },
  // One aggregate statement each, over a whole group tree: split by owner they would cost a query
  // per domain and move every id of the tree between them.
  groups: {
    models: ['Project', 'Snippet', 'SnippetBlob'],
    why: 'aggregate SQL: snippet sizes of a group tree (statistics)',
  },
  namespaces: {
    models: ['Member', 'Namespace', 'Project', 'User'],
    why: 'aggregate SQL: GET /namespaces/:id counts with descendants',
  },
}

/** lib/db is the data layer itself (migrations, fast reads, polymorphic cleanup): it owns no domain and may touch every table. */
const SKIP_FOLDERS = new Set(['db'])

export interface Violation {
  file: string
  line: number
  folder: string
  model: string
  owner: string
}

const OPERATIONS = [
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
]

const delegateOf = (model: string) => model.charAt(0).toLowerCase() + model.slice(1)

export function schemaModels(root: string): string[] {
  const schema = readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8')
  return [...schema.matchAll(/^model\s+(\w+)\s*\{/gm)].map((m) => m[1]!)
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'generated' ? [] : tsFiles(p)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : []
  })
}

export function checkTableOwnership(
  root: string,
  owner = OWNER,
  allowed = ALLOWED,
): { violations: Violation[]; problems: string[] } {
  const problems: string[] = []
  const models = schemaModels(root)
  for (const m of models)
    if (!owner[m]) problems.push(`model ${m} has no owner: add it to OWNER in scripts/check-table-ownership.ts`)
  const byDelegate = new Map(models.map((m) => [delegateOf(m), m]))
  // `<client>.<model>.<operation>` (the operation keeps `t.user.id` on a plain row from counting), and
  // lib/db's prepared-statement readers findOneFast('Model', …) / findManyFast('Model', …).
  const access = new RegExp(
    `(?:\\b(?:db|tx|t|prisma|client)|getDb\\(\\)\\))\\.(${[...byDelegate.keys()].join('|')})\\.(?:${OPERATIONS.join('|')})\\b|\\bfind(?:One|Many)Fast\\(\\s*'(\\w+)'|"(${models.join('|')})"`,
    'g',
  )
  const lib = path.join(root, 'lib')
  const used = new Set<string>()
  const violations: Violation[] = []
  for (const file of tsFiles(lib)) {
    const rel = path.relative(root, file).split(path.sep).join('/')
    const parts = rel.split('/')
    // lib/endpoints.ts and other top-level files belong to no domain: they count as their own folder.
    const second = parts[1] ?? ''
    const folder = parts.length > 2 ? second : second.replace(/\.tsx?$/, '')
    if (SKIP_FOLDERS.has(folder)) continue
    const lines = readFileSync(file, 'utf8').split('\n')
    lines.forEach((text, i) => {
      if (/^\s*(\/\/|\*)/.test(text)) return
      for (const m of text.matchAll(access)) {
        const model = m[1] ? byDelegate.get(m[1]) : (m[2] ?? m[3])
        if (!model) continue
        const own = owner[model]
        if (!own || own === folder) continue
        if (allowed[folder]?.models.includes(model)) {
          used.add(`${folder}:${model}`)
          continue
        }
        violations.push({ file: rel, line: i + 1, folder, model, owner: own })
      }
    })
  }
  for (const [folder, { models: ms }] of Object.entries(allowed))
    for (const m of ms)
      if (!used.has(`${folder}:${m}`))
        problems.push(`ALLOWED lists ${folder}: ${m}, which no longer happens: delete it`)
  return { violations, problems }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { violations, problems } = checkTableOwnership(process.cwd())
  for (const v of violations)
    console.error(
      `${v.file}:${v.line}: lib/${v.folder} touches ${v.model}, a table of lib/${v.owner}: call a function of lib/${v.owner}'s service instead`,
    )
  for (const p of problems) console.error(p)
  if (violations.length || problems.length) {
    console.error(`\ntable ownership: ${violations.length} foreign table access(es), ${problems.length} problem(s)`)
    process.exit(1)
  }
  console.log('✔ table ownership: every domain touches only its own tables (or an ALLOWED exception)')
}
