// Multi-row writes killed with -9, 20 times (issue 34 §3, `npm run test:faults`). One API process on
// a database of the test's own (SQLite; PostgreSQL when TEST_DATABASE_URL is set); eight clients
// drive the product's multi-row writes at once: a many-key PUT /application/settings (values and
// history row), moves in an epic's issue list that close the gap again and again (rebalances: every
// link rewritten), renames of a group with subgroups and projects below it (every descendant's path
// rewritten, old paths redirected; the product has no group transfer), group creation (group and
// owner), project creation, issue creation (iid counter) with assignment to an epic, epic creation
// (iid counter). At a random moment, found by counting answers, the process is SIGKILLed; a new one
// starts on the same data, and the database must hold the invariants (invariants.ts) and every
// write that had been acknowledged with a 2xx. The write in flight at the kill may be there or not,
// but whole: the settings all from one PUT, the list in the order before or after the move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../free-port'
import { invariantViolations } from './invariants'
import { ownDatabase, type OwnDatabase } from './own-database'
import { FAULT_TOKEN, startServer, type FaultServer } from './server'
import { multiRowClients, type Clients } from './multi-row-writes'

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 20)
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000_007)

let db: OwnDatabase
let server: FaultServer | undefined

const start = async () =>
  startServer({
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    WEB_CONCURRENCY: '1',
    PORT: String(await freePort()),
  })

beforeAll(async () => {
  db = await ownDatabase('faults-multi-row')
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await db.drop()
})

/** mulberry32: the kill moments replay with FAULT_SEED. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const until = async (what: string, ok: () => boolean, ms: number) => {
  const end = Date.now() + ms
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${server?.output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('multi-row writes killed with -9', () => {
  it(`hold their invariants and keep every acknowledged write (${ROUNDS} kills)`, async () => {
    const rand = random(SEED)
    server = await start()
    const clients: Clients = await multiRowClients(db, FAULT_TOKEN)
    await clients.setUp(server.url)
    let kills = 0
    let inFlightAtKill = 0
    for (let round = 1; round <= ROUNDS; round++) {
      const target = clients.acknowledged() + 5 + Math.floor(rand() * 60)
      const load = clients.run(server.url)
      await until(
        `round ${round}: ${target} acknowledged writes`,
        () => clients.acknowledged() >= target || clients.failures().length > 0,
        60_000,
      )
      expect(clients.failures(), server.output().slice(-3000)).toEqual([])
      server.child.kill('SIGKILL')
      await new Promise((r) => server!.child.once('exit', r))
      kills++
      inFlightAtKill += await load
      server = await start()
      const violations = await invariantViolations(db)
      expect(violations, `round ${round} (FAULT_SEED=${SEED})`).toEqual([])
      const lost = await clients.lostWrites()
      expect(lost, `round ${round} (FAULT_SEED=${SEED})`).toEqual([])
    }
    await server.stop()
    console.log(
      `multi-row kill -9 (${db.kind}, FAULT_SEED=${SEED}): rounds ${ROUNDS}, kills ${kills}, acknowledged writes checked ${clients.acknowledged()} (${clients.summary()}), in flight at the kills ${inFlightAtKill}, lost 0, invariant violations 0`,
    )
  }, 1_200_000)
})
