// A user's memberships are read with the same statements, carrying the same parameters, whatever the
// number of groups they belong to: an owner of many groups (the soak's root gains one a second)
// once sent one traversal range per group to the link tables and one id per group to Namespace, so
// every new group made a new statement to parse and plan, and a longer one to run.
import { beforeAll, describe, expect, it } from 'vitest'
import { membershipsOf } from '../../lib/auth/memberships'
import { getDb, watchQueries } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>

/** The statements (text and parameter count) one membership load sends. */
async function statementsOfLoad(userId: number): Promise<string[]> {
  const seen: string[] = []
  // Only statements on the tables a membership load reads: the test process's background work (token
  // use flushes, the queue) sends its own statements meanwhile.
  const stop = watchQueries((q) => {
    if (/Member|Namespace|GroupGroupLink|ProjectGroupLink/.test(q.query))
      seen.push(`${q.query} — ${(JSON.parse(q.params) as unknown[]).length} parameters`)
  })
  try {
    await membershipsOf(userId)
  } finally {
    stop()
  }
  return seen
}

let few: User
let many: User
let invited: number
let sharedGroup: { id: number }
let sharedProject: { id: number }

beforeAll(async () => {
  ;[few, many] = await Promise.all([createUser(), createUser()])
  const groups = []
  for (let i = 0; i < 40; i++) groups.push(await createGroup({ prefix: 'ms-own', visibility: 'private' }))
  const db = await getDb()
  await db.member.createMany({
    data: [
      ...groups.slice(0, 2).map((g) => ({ userId: few.id, sourceType: 'Namespace', sourceId: g.id, accessLevel: 30 })),
      ...groups.map((g) => ({ userId: many.id, sourceType: 'Namespace', sourceId: g.id, accessLevel: 30 })),
    ],
  })
  // One share of each kind with a group both users belong to, so that every statement of the load
  // runs and finds as many links for either user.
  invited = groups[1]!.id
  sharedGroup = await createGroup({ prefix: 'ms-shared', visibility: 'private' })
  const owner = await createGroup({ prefix: 'ms-proj-ns', visibility: 'private' })
  sharedProject = (await api('POST', '/projects', { json: { name: 'ms-project', namespace_id: owner.id } })).body
  expect(
    (await api('POST', `/groups/${sharedGroup.id}/share`, { json: { group_id: invited, group_access: 20 } })).status,
  ).toBe(201)
  expect(
    (await api('POST', `/projects/${sharedProject.id}/share`, { json: { group_id: invited, group_access: 20 } }))
      .status,
  ).toBe(201)
})

describe('membership reads', () => {
  it('send the same statements for a member of 2 groups and of 40', async () => {
    const small = await statementsOfLoad(few.id)
    const large = await statementsOfLoad(many.id)
    expect(small.length).toBeGreaterThanOrEqual(4)
    expect(large).toEqual(small)
  })

  it('are kept across writes to tables they do not read, and read again after a membership write', async () => {
    await membershipsOf(few.id)
    const put = await api('PUT', `/projects/${sharedProject.id}`, { json: { description: unique('ms-d') } })
    expect(put.status).toBe(200)
    // Raw statements depend on the tables they name (lib/db tablesInSql), not on every table.
    expect(await statementsOfLoad(few.id)).toEqual([])
    const other = await createGroup({ prefix: 'ms-later', visibility: 'private' })
    expect(
      (await api('POST', `/groups/${other.id}/members`, { json: { user_id: few.id, access_level: 30 } })).status,
    ).toBe(201)
    expect((await statementsOfLoad(few.id)).length).toBeGreaterThanOrEqual(4)
    expect((await membershipsOf(few.id)).namespaces.get(other.id)).toBe(30)
  })

  it('still find the groups and projects shared with any of them', async () => {
    for (const user of [few, many]) {
      const m = await membershipsOf(user.id)
      expect(m.namespaces.get(sharedGroup.id)).toBe(20)
      expect(m.projects.get(sharedProject.id)).toBe(20)
      expect(m.namespacePaths.size).toBe(m.namespaces.size)
    }
    expect((await membershipsOf(many.id)).namespaces.size).toBe(41)
    expect((await api('GET', `/groups/${sharedGroup.id}`, { token: many.token })).status).toBe(200)
    expect((await api('GET', `/projects/${sharedProject.id}`, { token: few.token })).status).toBe(200)
  })
})
