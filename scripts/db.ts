// Offline database tooling for a Prisma 7 project with two providers (run with tsx):
//   tsx scripts/db.ts schemas        derive prisma/postgresql/schema.prisma from prisma/schema.prisma
//   tsx scripts/db.ts new <name>     write prisma/migrations/{sqlite,postgresql}/<timestamp>_<name>/migration.sql
//                                    (what `prisma migrate dev --create-only` would write)
//   tsx scripts/db.ts check          fail if the schema changed without a migration, or if the SQLite
//                                    migrations do not reproduce the schema
//   tsx scripts/db.ts sql [sqlite|postgresql]   full DDL (like `prisma migrate diff --from-empty --script`)
//   tsx scripts/db.ts deploy [url]   apply pending migrations (same code the app runs at start-up)
//
// The Prisma CLI cannot do these offline: every migrate/db command needs the native schema-engine
// binary, which is downloaded from Prisma's server, not npm. Instead this uses the same engine
// compiled to WebAssembly, published on npm as @prisma/schema-engine-wasm (an internal package:
// pin it exactly). `new`, `check` and `sql` need no database server: migrations are diffed from
// prisma/migrations/<provider>/schema.snapshot (the schema as of the last migration) to the schema.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import * as wasm from '@prisma/schema-engine-wasm/schema_engine_bg'
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { migrate, providerOf, type Provider } from '../lib/db/migrate'

const root = path.resolve(import.meta.dirname, '..')
const rel = (p: string) => path.relative(root, p)
const PROVIDERS: Provider[] = ['sqlite', 'postgresql']
const SCHEMA: Record<Provider, string> = {
  sqlite: path.join(root, 'prisma/schema.prisma'),
  postgresql: path.join(root, 'prisma/postgresql/schema.prisma'),
}
const MIGRATIONS = (p: Provider) => path.join(root, 'prisma/migrations', p)
const SNAPSHOT = (p: Provider) => path.join(MIGRATIONS(p), 'schema.snapshot') // schema as of the last migration
const NO_FILTER = { externalTables: [], externalEnums: [] }

// ---- schemas: one provider per Prisma schema, so derive the PostgreSQL one -------------------
function syncSchemas() {
  let text = fs.readFileSync(SCHEMA.sqlite, 'utf8').replace(/^(\/\/.*\n)+/, '')
  let n = 0
  text = text.replace(
    /(datasource\s+\w+\s*\{[^}]*?provider\s*=\s*)"sqlite"/,
    (_, pre: string) => (n++, `${pre}"postgresql"`),
  )
  // Every generator's output, relative to the derived schema's directory; the client's goes to /postgresql.
  let clients = 0
  text = text.replace(/(generator\s+\w+\s*\{[^}]*?output\s*=\s*)"([^"]+)"/g, (_, pre: string, out: string) => {
    if (out.endsWith('sqlite')) clients++
    const target = path.resolve(path.dirname(SCHEMA.sqlite), out).replace(/sqlite$/, 'postgresql')
    return `${pre}"${path.relative(path.dirname(SCHEMA.postgresql), target).split(path.sep).join('/')}"`
  })
  if (clients === 1) n++
  if (n !== 2)
    throw new Error('prisma/schema.prisma needs provider = "sqlite" and a generator output ending in /sqlite')
  text = `// GENERATED from prisma/schema.prisma by scripts/db.ts. Do not edit.\n${text}`
  fs.mkdirSync(path.dirname(SCHEMA.postgresql), { recursive: true })
  if (!fs.existsSync(SCHEMA.postgresql) || fs.readFileSync(SCHEMA.postgresql, 'utf8') !== text) {
    fs.writeFileSync(SCHEMA.postgresql, text)
    console.log(`wrote ${rel(SCHEMA.postgresql)}`)
  }
}

// ---- Prisma schema engine (wasm) -------------------------------------------------------------
let wasmReady = false
type AdapterFactory = Parameters<typeof bindMigrationAwareSqlAdapterFactory>[0]

async function engine(provider: Provider, factory?: AdapterFactory) {
  if (!wasmReady) {
    // the engine reports Rust panics through this global
    const g = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { message: string; set_message(m: string): void } }
    g.PRISMA_WASM_PANIC_REGISTRY ??= {
      message: '',
      set_message(m: string) {
        this.message = `RuntimeError: ${m}`
      },
    }
    const dir = path.dirname(createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm'))
    const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(dir, 'schema_engine_bg.wasm')), {
      './schema_engine_bg.js': wasm,
    })
    wasm.__wbg_set_wasm(instance.exports)
    ;(instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.()
    wasmReady = true
  }
  // SQLite: a real in-memory database (also used as shadow database for `check`).
  // PostgreSQL: schema-to-schema diffs only need the server version, so answer that one probe
  // offline and refuse anything else (fails loudly if a future engine asks for more).
  factory ??= provider === 'sqlite' ? new PrismaBetterSqlite3({ url: ':memory:' }) : offlinePostgres()
  const files: [string, string][] = [[SCHEMA[provider], fs.readFileSync(SCHEMA[provider], 'utf8')]]
  return wasm.SchemaEngine.new({ datamodels: files }, () => {}, bindMigrationAwareSqlAdapterFactory(factory))
}

function offlinePostgres(): AdapterFactory {
  const probe =
    /^SELECT EXISTS\(SELECT 1 FROM pg_namespace WHERE nspname = \$1\), version\(\), current_setting\('server_version_num'\)::integer as numeric_version;?$/
  const refuse = async (what: string): Promise<never> => {
    throw new Error(`offline PostgreSQL diff adapter: unexpected ${what}`)
  }
  const adapter = () => ({
    provider: 'postgres' as const,
    adapterName: 'offline-diff',
    queryRaw: async (q: { sql: string }) => {
      if (!probe.test(q.sql.trim())) return refuse(`query: ${q.sql}`)
      // ColumnTypeEnum: Boolean = 5, Text = 7, Int32 = 0
      return {
        columnNames: ['exists', 'version', 'numeric_version'],
        columnTypes: [5, 7, 0],
        rows: [[true, 'PostgreSQL 15.0', 150000]],
      }
    },
    executeRaw: (q: { sql: string }) => refuse(`statement: ${q.sql}`),
    executeScript: () => refuse('script'),
    startTransaction: () => refuse('transaction'),
    getConnectionInfo: () => ({ schemaName: 'public', supportsRelationJoins: true }),
    dispose: async () => {},
  })
  // Only what the engine asks of it offline; anything else is refused at run time.
  return {
    provider: 'postgres',
    adapterName: 'offline-diff',
    connect: async () => adapter(),
    connectToShadowDb: async () => adapter(),
  } as unknown as AdapterFactory
}

const datamodel = (file: string) => ({
  tag: 'schemaDatamodel' as const,
  files: [{ path: file, content: fs.readFileSync(file, 'utf8') }],
})
function fromSnapshot(p: Provider) {
  if (fs.existsSync(SNAPSHOT(p))) return datamodel(SNAPSHOT(p))
  const hasMigrations =
    fs.existsSync(MIGRATIONS(p)) && fs.readdirSync(MIGRATIONS(p), { withFileTypes: true }).some((d) => d.isDirectory())
  if (hasMigrations)
    throw new Error(`${rel(SNAPSHOT(p))} is missing but migrations exist; restore it from version control`)
  return { tag: 'empty' as const }
}

async function diff(p: Provider, from: wasm.DiffTarget, to: wasm.DiffTarget = datamodel(SCHEMA[p])) {
  const r = await (await engine(p)).diff({ from, to, script: true, exitCode: true, filters: NO_FILTER })
  return { changed: r.exitCode === 2, sql: r.stdout ?? '' }
}

// ---- commands --------------------------------------------------------------------------------
async function newMigration(rawName: string | undefined) {
  const slug = (rawName ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
  if (!slug) throw new Error('usage: tsx scripts/db.ts new <name>')
  syncSchemas()
  const diffs: { changed: boolean; sql: string }[] = [] // sequential: one wasm instance must not run two engine calls at once
  for (const p of PROVIDERS) diffs.push(await diff(p, fromSnapshot(p)))
  if (!diffs.some((d) => d.changed)) {
    console.log('No schema changes since the last migration.')
    return
  }
  const name = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${slug}`
  PROVIDERS.forEach((p, i) => {
    const dir = path.join(MIGRATIONS(p), name)
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'migration.sql'), diffs[i]!.sql)
    fs.copyFileSync(SCHEMA[p], SNAPSHOT(p))
    const lock = path.join(MIGRATIONS(p), 'migration_lock.toml')
    if (!fs.existsSync(lock)) {
      fs.writeFileSync(
        lock,
        `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${p}"\n`,
      )
    }
    console.log(`wrote ${rel(path.join(dir, 'migration.sql'))}`)
  })
  console.log(
    'Review both files before committing. E.g. PostgreSQL needs a backfill UPDATE before a column becomes NOT NULL.',
  )
}

async function check() {
  syncSchemas()
  const problems: string[] = []
  for (const p of PROVIDERS) {
    if ((await diff(p, fromSnapshot(p))).changed)
      problems.push(`${p}: prisma/schema.prisma changed since the last migration; run: npm run db:migration -- <name>`)
  }
  // Apply the SQLite migrations with the start-up runner to a scratch file, then let the engine
  // compare that database with the schema.
  const tmp = path.join(os.tmpdir(), `db-check-${process.pid}.db`)
  try {
    await migrate(`file:${tmp}`, { migrationsDir: MIGRATIONS('sqlite'), log: () => {} })
    const eng = await engine('sqlite', new PrismaBetterSqlite3({ url: tmp }))
    const db = { tag: 'schemaDatasource' as const, files: datamodel(SCHEMA.sqlite).files, configDir: root }
    const r = await eng.diff({
      from: db,
      to: datamodel(SCHEMA.sqlite),
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    })
    if (r.exitCode === 2)
      problems.push(`sqlite: the migrations do not produce prisma/schema.prisma; still missing:\n${r.stdout ?? ''}`)
  } finally {
    fs.rmSync(tmp, { force: true })
  }
  if (problems.length) {
    console.error(problems.join('\n'))
    process.exitCode = 1
  } else console.log('Migrations are in sync with prisma/schema.prisma.')
}

const [cmd, arg] = process.argv.slice(2)
switch (cmd) {
  case 'schemas':
    syncSchemas()
    break
  case 'new':
    await newMigration(arg)
    break
  case 'check':
    await check()
    break
  case 'sql': {
    const p = (arg ?? 'sqlite') as Provider
    if (!PROVIDERS.includes(p)) throw new Error('usage: tsx scripts/db.ts sql [sqlite|postgresql]')
    syncSchemas()
    process.stdout.write((await diff(p, { tag: 'empty' })).sql)
    break
  }
  case 'deploy': {
    const url = arg ?? process.env.DATABASE_URL ?? 'file:./data/app.db'
    const applied = await migrate(url, { migrationsDir: MIGRATIONS(providerOf(url)) })
    if (!applied.length) console.log('No pending migrations.')
    break
  }
  default:
    console.error('usage: tsx scripts/db.ts <schemas|new <name>|check|sql [provider]|deploy [url]>')
    process.exitCode = 2
}
