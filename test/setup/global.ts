// Once per integration run: a throwaway data directory and database, migrated and seeded with root
// and a known root token. Workers inherit the environment set here.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const ROOT_TOKEN = 'glpat-integration-root-token-0001'
export const ROOT_PASSWORD = 'integration-root-password'

export default async function setup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'it-data-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = process.env.TEST_DATABASE_URL || `file:${path.join(dataDir, 'test.db')}`
  process.env.INITIAL_ROOT_TOKEN = ROOT_TOKEN
  process.env.INITIAL_ROOT_PASSWORD = ROOT_PASSWORD
  process.env.AUTH_SECRET = 'integration-secret'
  process.env.DB_COUNT_QUERIES = '1'
  // Every declared response is checked against its declaration (lib/api/response-check.ts).
  process.env.API_VALIDATE_RESPONSES = '1'
  Object.assign(process.env, { NODE_ENV: 'test' })
  // The servers' logs land in a file that test/security/secrets-never-logged.test.ts greps for every
  // secret the run made (test/secrets.ts records them beside it). `npm test` passes one
  // TEST_EVIDENCE_DIR to every step, so the security step, which runs last, reads the whole run's
  // logs; a run of a single file keeps its own in the data directory. Debug level: every line the
  // product writes (request lines, warnings, errors).
  process.env.TEST_EVIDENCE_DIR ||= dataDir
  mkdirSync(process.env.TEST_EVIDENCE_DIR, { recursive: true })
  process.env.LOG_LEVEL ||= 'debug'
  process.env.LOG_FILE ||= path.join(process.env.TEST_EVIDENCE_DIR, 'server.log')
  const { recordSecret } = await import('../secrets')
  recordSecret('root token (INITIAL_ROOT_TOKEN)', ROOT_TOKEN)
  recordSecret('root password (INITIAL_ROOT_PASSWORD)', ROOT_PASSWORD)
  recordSecret('AUTH_SECRET', process.env.AUTH_SECRET)
  const { getDb, closeDb } = await import('../../lib/db')
  const { seedRoot } = await import('../../lib/server/seed')
  await getDb()
  await seedRoot(() => {})
  await closeDb()
  console.log(`integration database: ${process.env.DATABASE_URL.replace(/\/\/[^@]*@/, '//')}`)
  // One real docker-registry for the whole run, trusting this data directory's token key: every
  // worker's queue may run any file's registry task, so every worker must reach the same registry.
  // Tests of "no registry configured" unset REGISTRY_API_URL in their own process.
  const { startRegistry } = await import('../registry/harness')
  process.env.EXTERNAL_URL = 'http://127.0.0.1'
  const registry = await startRegistry()
  delete process.env.EXTERNAL_URL
  process.env.REGISTRY_API_URL = registry.url
  return async () => {
    await registry.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
