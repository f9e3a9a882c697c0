// The layer rules must be able to fail: plant files that break them, run the same checks as
// `npm run lint:deps` (dependency-cruiser's API with .dependency-cruiser.cjs, and the table-ownership
// checker), and expect each rule's violation by name. The planted files are removed afterwards.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTableOwnership } from '../../scripts/check-table-ownership'

const root = path.resolve(import.meta.dirname, '../..')
const TAG = '__planted-layers'

const planted: Record<string, string> = {
  [`lib/api/${TAG}.ts`]: `import { createGroup } from '../groups/service'\nexport const x = createGroup\n`,
  // Through the tsconfig path alias, so the test also proves `@/*` resolves.
  [`components/${TAG}.ts`]: `import { getDb } from '@/lib/db'\nexport const x = getDb\n`,
  [`lib/groups/${TAG}-generated.ts`]: `import type { Namespace } from '../db/generated/sqlite/client'\nexport type X = Namespace\n`,
  [`lib/db/${TAG}.ts`]: `import { userById } from '../users/find'\nexport const x = userById\n`,
  [`lib/groups/${TAG}-service.ts`]: `import { groupEndpoints } from './endpoints'\nexport const x = groupEndpoints\n`,
  [`lib/members/${TAG}.ts`]: `import { apiCall } from '../console/api'\nexport const x = apiCall\n`,
  [`lib/util/${TAG}-a.ts`]: `import { b } from './${TAG}-b'\nexport const a = () => b()\n`,
  [`lib/util/${TAG}-b.ts`]: `import { a } from './${TAG}-a'\nexport const b = (): unknown => a\n`,
  // A cycle of type-only imports is allowed (erased by tsc).
  [`lib/util/${TAG}-ta.ts`]: `import type { TB } from './${TAG}-tb'\nexport interface TA { b?: TB }\n`,
  [`lib/util/${TAG}-tb.ts`]: `import type { TA } from './${TAG}-ta'\nexport interface TB { a?: TA }\n`,
  // Table ownership: SshKey is lib/ssh-keys's own table, User is lib/users's.
  [`lib/ssh-keys/${TAG}.ts`]: `import { getDb } from '../db'\nexport async function x() {\n  const db = await getDb()\n  await db.sshKey.count()\n  return db.user.findMany()\n}\n`,
  // Raw SQL names its tables: the own one passes, a foreign one does not.
  [`lib/ssh-keys/${TAG}-raw.ts`]:
    'import { getDb } from \'../db\'\nexport async function x() {\n  const db = await getDb()\n  return db.$queryRaw`SELECT k."id" FROM "SshKey" k\n    JOIN "Member" m ON m."userId" = k."userId"`\n}\n',
}

let result: ICruiseResult

beforeAll(async () => {
  for (const [file, text] of Object.entries(planted)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const cwd = process.cwd()
  process.chdir(root)
  try {
    const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'))
    // Only the planted files and what they import directly: enough for every rule, a cycle included.
    const files = Object.keys(planted).filter((f) => !f.startsWith('lib/ssh-keys/'))
    const reported = await cruise(files, { ...options, maxDepth: 2, validate: true }, undefined, {
      tsConfig: extractTSConfig(path.join(root, 'tsconfig.json')),
    })
    result = reported.output as ICruiseResult
  } finally {
    process.chdir(cwd)
  }
}, 60_000)

afterAll(() => {
  for (const file of Object.keys(planted)) rmSync(path.join(root, file), { force: true })
})

const violation = (rule: string, from: string) =>
  result.summary.violations.find((v) => v.rule.name === rule && v.from === from)

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('refuses a domain import in the kernel', () => {
    expect(violation('kernel-knows-no-domain', `lib/api/${TAG}.ts`)?.to).toBe('lib/groups/service.ts')
  })

  it('refuses data access from a component, resolving the @/ alias', () => {
    expect(violation('components-no-data-access', `components/${TAG}.ts`)?.to).toBe('lib/db/index.ts')
  })

  it('refuses the generated client outside lib/db', () => {
    expect(violation('generated-only-via-db', `lib/groups/${TAG}-generated.ts`)?.to).toBe(
      'lib/db/generated/sqlite/client.ts',
    )
  })

  it('refuses a domain import in lib/db', () => {
    expect(violation('db-is-the-bottom', `lib/db/${TAG}.ts`)?.to).toBe('lib/users/find.ts')
  })

  it('refuses a service importing endpoints', () => {
    expect(violation('services-not-to-endpoints', `lib/groups/${TAG}-service.ts`)?.to).toBe('lib/groups/endpoints.ts')
  })

  it('refuses a domain importing lib/console', () => {
    expect(violation('console-only-from-above', `lib/members/${TAG}.ts`)?.to).toBe('lib/console/api.ts')
  })

  it('refuses a value-import cycle and lets a type-only cycle be', () => {
    const cycles = result.summary.violations.filter((v) => v.rule.name === 'no-circular')
    expect(cycles.map((v) => v.from)).toContain(`lib/util/${TAG}-a.ts`)
    expect(cycles.some((v) => v.from.includes(`${TAG}-t`))).toBe(false)
  })

  it('finds nothing else to object to in what the planted files import', () => {
    const others = result.summary.violations.filter((v) => !v.from.includes(TAG))
    expect(others).toEqual([])
  })
})

describe('table ownership (scripts/check-table-ownership.ts)', () => {
  it('refuses a foreign table and only that one', () => {
    const { violations, problems } = checkTableOwnership(root)
    expect(problems).toEqual([])
    expect(violations).toEqual([
      { file: `lib/ssh-keys/${TAG}-raw.ts`, line: 5, folder: 'ssh-keys', model: 'Member', owner: 'members' },
      { file: `lib/ssh-keys/${TAG}.ts`, line: 5, folder: 'ssh-keys', model: 'User', owner: 'users' },
    ])
  })

  it('reports a model without an owner and a stale exception', () => {
    const { problems } = checkTableOwnership(
      root,
      { User: 'users' },
      { 'ssh-keys': { models: ['Project'], why: 'test' } },
    )
    expect(problems).toContain('model SshKey has no owner: add it to OWNER in scripts/check-table-ownership.ts')
    expect(problems).toContain('ALLOWED lists ssh-keys: Project, which no longer happens: delete it')
  })
})
