// One truth in every process (issue 30, docs/consistency.md): three servers on one database, each
// with a port and a DATA_DIR of its own (three nodes), B a cluster of two API processes as `npm start`
// runs it (its fresh connections reach either), every cache warm.
// For every kind of write, ROUNDS times: the write through process A, then at once — on fresh
// connections, no waiting — reads or authentications through B and C. Not one answer may be older
// than the write whose 2xx came back before it was asked for.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiCluster, stopApiClusters, type ClusterServer } from '../api-cluster'
import { getDb } from '../../lib/db'
import { api, createUser, ROOT_TOKEN, unique } from '../helpers'

const ROUNDS = Number(process.env.COHERENCE_ROUNDS ?? 200)
// ROUNDS writes and twice as many reads each, on fresh connections.
const LONG = 180_000

type Server = ClusterServer
const servers: Server[] = []

interface Answer {
  status: number
  body: string
}

/** One request on a connection of its own. */
function call(server: Server, method: string, path: string, token: string, json?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json)
    const headers: Record<string, string> = { 'PRIVATE-TOKEN': token }
    if (body !== undefined)
      Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) })
    const req = request(
      { host: '127.0.0.1', port: server.port, method, path: `/api/v4${path}`, agent: false, headers },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += String(d)))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const field = (a: Answer, key: string): unknown => (JSON.parse(a.body) as Record<string, unknown>)[key]

/**
 * ROUNDS times: `write(round)` through A (must be 2xx), then `check(round)` through B and C at once.
 * Returns the stale answers seen (each described), which must be none.
 */
async function rounds(
  write: (round: number, a: Server) => Promise<Answer>,
  reads: (round: number, s: Server) => Promise<string | null>,
): Promise<string[]> {
  const [a, b, c] = servers as [Server, Server, Server]
  const stale: string[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const w = await write(round, a)
    if (w.status < 200 || w.status > 299) throw new Error(`round ${round}: the write answered ${w.status} ${w.body}`)
    for (const s of [b, c]) {
      const problem = await reads(round, s)
      if (problem) stale.push(`round ${round}, process ${s.name}: ${problem}`)
    }
  }
  return stale
}

/** Even rounds add the user to the project at `level`, odd rounds remove them (through process `a`). */
const memberOnEvenRounds = (a: Server, round: number, projectId: number, userId: number, level: number) =>
  round % 2 === 0
    ? call(a, 'POST', `/projects/${projectId}/members`, ROOT_TOKEN, { user_id: userId, access_level: level })
    : call(a, 'DELETE', `/projects/${projectId}/members/${userId}`, ROOT_TOKEN)

beforeAll(async () => {
  // Kept answers stay on: they are the cache most likely to serve an old answer.
  const env = { KEEP_ANSWERS: 'true' }
  servers.push(
    ...(await Promise.all([startApiCluster('A', 1, env), startApiCluster('B', 2, env), startApiCluster('C', 1, env)])),
  )
}, 120_000)

afterAll(() => stopApiClusters(servers))

describe('read-your-writes in every process', () => {
  it(
    'shows a group update on the next read anywhere',
    async () => {
      const group = (await api('POST', '/groups', { json: { name: unique('coh'), path: unique('coh') } })).body as {
        id: number
      }
      const stale = await rounds(
        (round, a) => call(a, 'PUT', `/groups/${group.id}`, ROOT_TOKEN, { description: `group round ${round}` }),
        async (round, s) => {
          const r = await call(s, 'GET', `/groups/${group.id}`, ROOT_TOKEN)
          return field(r, 'description') === `group round ${round}`
            ? null
            : `${r.status} ${String(field(r, 'description'))}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )

  it(
    'shows a project update on the next read and list anywhere',
    async () => {
      const project = (await api('POST', '/projects', { json: { name: unique('coh') } })).body as { id: number }
      const stale = await rounds(
        (round, a) => call(a, 'PUT', `/projects/${project.id}`, ROOT_TOKEN, { description: `project round ${round}` }),
        async (round, s) => {
          const one = await call(s, 'GET', `/projects/${project.id}`, ROOT_TOKEN)
          if (field(one, 'description') !== `project round ${round}`)
            return `read: ${one.status} ${String(field(one, 'description'))}`
          const list = await call(
            s,
            'GET',
            `/projects?id_after=${project.id - 1}&id_before=${project.id + 1}`,
            ROOT_TOKEN,
          )
          const item = (JSON.parse(list.body) as { id: number; description: string }[]).find((p) => p.id === project.id)
          return item?.description === `project round ${round}`
            ? null
            : `list: ${list.status} ${String(item?.description)}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )

  it(
    'applies a settings change on the next request anywhere',
    async () => {
      const stale = await rounds(
        (round, a) => call(a, 'PUT', '/application/settings', ROOT_TOKEN, { max_pages_size: 1000 + round }),
        async (round, s) => {
          const r = await call(s, 'GET', '/application/settings', ROOT_TOKEN)
          return field(r, 'max_pages_size') === 1000 + round
            ? null
            : `${r.status} ${String(field(r, 'max_pages_size'))}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )
})

describe('revocation on the next request in every process', () => {
  it(
    'refuses a revoked token',
    async () => {
      const user = await createUser()
      const tokens: { id: number; token: string }[] = []
      const stale = await rounds(
        async (round, a) => {
          const made = await call(a, 'POST', `/users/${user.id}/personal_access_tokens`, ROOT_TOKEN, {
            name: `t${round}`,
            scopes: ['api'],
          })
          const t = JSON.parse(made.body) as { id: number; token: string }
          tokens[round] = t
          // Every process has it cached as valid before it is revoked.
          for (const s of servers) expect((await call(s, 'GET', '/user', t.token)).status).toBe(200)
          return call(a, 'DELETE', `/personal_access_tokens/${t.id}`, ROOT_TOKEN)
        },
        async (round, s) => {
          const r = await call(s, 'GET', '/user', tokens[round]!.token)
          return r.status === 401 ? null : `revoked token answered ${r.status}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )

  it(
    'refuses a blocked user and accepts them again once unblocked',
    async () => {
      const user = await createUser()
      for (const s of servers) expect((await call(s, 'GET', '/user', user.token)).status).toBe(200)
      const stale = await rounds(
        (round, a) => call(a, 'POST', `/users/${user.id}/${round % 2 === 0 ? 'block' : 'unblock'}`, ROOT_TOKEN),
        async (round, s) => {
          const r = await call(s, 'GET', '/user', user.token)
          const want = round % 2 === 0 ? 403 : 200
          return r.status === want ? null : `${round % 2 === 0 ? 'blocked' : 'unblocked'} user answered ${r.status}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )

  it(
    'shuts a private project to a removed member and opens it to a re-added one',
    async () => {
      const user = await createUser()
      const project = (await api('POST', '/projects', { json: { name: unique('coh'), visibility: 'private' } }))
        .body as { id: number }
      const stale = await rounds(
        (round, a) => memberOnEvenRounds(a, round, project.id, user.id, 30),
        async (round, s) => {
          const r = await call(s, 'GET', `/projects/${project.id}`, user.token)
          const want = round % 2 === 0 ? 200 : 404
          return r.status === want
            ? null
            : `${round % 2 === 0 ? 'member' : 'removed member'} read the project: ${r.status}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )

  it(
    'shows and hides a private group seen through a project below it (GroupPolicy has_projects) at once',
    async () => {
      const user = await createUser()
      const group = (
        await api('POST', '/groups', { json: { name: unique('coh'), path: unique('coh'), visibility: 'private' } })
      ).body as { id: number }
      const project = (
        await api('POST', '/projects', { json: { name: unique('coh'), namespace_id: group.id, visibility: 'private' } })
      ).body as { id: number }
      const stale = await rounds(
        (round, a) => memberOnEvenRounds(a, round, project.id, user.id, 10),
        async (round, s) => {
          const member = round % 2 === 0
          const [one, list] = await Promise.all([
            call(s, 'GET', `/groups/${group.id}`, user.token),
            call(s, 'GET', '/groups?per_page=100', user.token),
          ])
          if (one.status !== (member ? 200 : 404))
            return `${member ? 'member' : 'removed member'} read the group: ${one.status}`
          const listed = (JSON.parse(list.body) as { id: number }[]).some((g) => g.id === group.id)
          return listed === member
            ? null
            : `${member ? 'member' : 'removed member'}: the group ${listed ? 'listed' : 'not listed'}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )

  it(
    'takes back administrator rights at once',
    async () => {
      const user = await createUser({ admin: true, scopes: ['api', 'admin_mode'] })
      const stale = await rounds(
        (round, a) => call(a, 'PUT', `/users/${user.id}`, ROOT_TOKEN, { admin: round % 2 === 1 }),
        async (round, s) => {
          const r = await call(s, 'GET', '/application/settings', user.token)
          const want = round % 2 === 1 ? 200 : 403
          return r.status === want
            ? null
            : `${round % 2 === 1 ? 'admin' : 'former admin'} read the settings: ${r.status}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )

  it(
    'answers 404 for a deleted group at once',
    async () => {
      let current = 0
      const stale = await rounds(
        async (_round, a) => {
          const made = await call(a, 'POST', '/groups', ROOT_TOKEN, { name: unique('gone'), path: unique('gone') })
          current = (JSON.parse(made.body) as { id: number }).id
          for (const s of servers) expect((await call(s, 'GET', `/groups/${current}`, ROOT_TOKEN)).status).toBe(200)
          return call(a, 'DELETE', `/groups/${current}`, ROOT_TOKEN)
        },
        async (_round, s) => {
          const r = await call(s, 'GET', `/groups/${current}`, ROOT_TOKEN)
          return r.status === 404 ? null : `deleted group answered ${r.status}`
        },
      )
      expect(stale).toEqual([])
    },
    LONG,
  )
})

describe('a failing change stamp', () => {
  it(
    'fails the write (5xx, rolled back) instead of answering 2xx and serving stale reads',
    async () => {
      const group = (await api('POST', '/groups', { json: { name: unique('coh'), path: unique('coh') } })).body as {
        id: number
      }
      const [a, b] = servers as [Server, Server]
      expect((await call(a, 'PUT', `/groups/${group.id}`, ROOT_TOKEN, { description: 'before' })).status).toBe(200)
      expect(field(await call(b, 'GET', `/groups/${group.id}`, ROOT_TOKEN), 'description')).toBe('before')
      const db = await getDb()
      const pg = process.env.DATABASE_URL?.startsWith('postgres')
      // The stamp's own statement made to fail once: the write that would move it must not commit.
      if (pg) {
        await db.$executeRawUnsafe(
          `CREATE OR REPLACE FUNCTION coherence_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected change stamp fault'; END $$`,
        )
        await db.$executeRawUnsafe(
          `CREATE TRIGGER coherence_fault BEFORE UPDATE ON "ChangeStamp" FOR EACH ROW EXECUTE FUNCTION coherence_fault()`,
        )
      } else
        await db.$executeRawUnsafe(
          `CREATE TRIGGER coherence_fault BEFORE UPDATE ON "ChangeStamp" BEGIN SELECT RAISE(ABORT, 'injected change stamp fault'); END`,
        )
      let failed: Answer
      try {
        failed = await call(a, 'PUT', `/groups/${group.id}`, ROOT_TOKEN, { description: 'during the fault' })
      } finally {
        await db.$executeRawUnsafe(
          pg ? 'DROP TRIGGER coherence_fault ON "ChangeStamp"' : 'DROP TRIGGER coherence_fault',
        )
      }
      expect(failed.status).toBe(500)
      for (const s of servers)
        expect(field(await call(s, 'GET', `/groups/${group.id}`, ROOT_TOKEN), 'description')).toBe('before')
      expect((await call(a, 'PUT', `/groups/${group.id}`, ROOT_TOKEN, { description: 'after' })).status).toBe(200)
      for (const s of servers)
        expect(field(await call(s, 'GET', `/groups/${group.id}`, ROOT_TOKEN), 'description')).toBe('after')
    },
    LONG,
  )
})
