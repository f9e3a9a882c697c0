// The console's members list with sources (lib/members/with-source.ts): a subgroup's and a
// project's members as Direct / Inherited / All, each inherited row naming the ancestor group it
// comes from, through the same read check and service as GET /:kind/:id/members(/all).
import { beforeAll, describe, expect, it } from 'vitest'
import { pageWindow } from '../../lib/api/pagination'
import type { Actor } from '../../lib/auth/actor'
import { findUser } from '../../lib/users/service'
import { listMembersWithSource, type MembershipFilter } from '../../lib/members/with-source'
import { api, createGroup, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let top: { id: number; name: string; full_name: string; full_path: string }
let sub: { id: number; full_path: string }
let project: { id: number }
let atTop: User, atSub: User, inBoth: User, outsider: User

const actorOf = async (id: number): Promise<Actor> => ({ user: await findUser(id), token: null, via: 'session' })
const add = async (kind: 'groups' | 'projects', id: number, user: User, access_level: number, expires_at?: string) =>
  expect(
    (await api('POST', `/${kind}/${id}/members`, { json: { user_id: user.id, access_level, expires_at } })).status,
  ).toBe(201)
const EXPIRES = `${new Date().getUTCFullYear() + 1}-06-30`

async function rows(kind: 'groups' | 'projects', id: number, filter: MembershipFilter, actor?: Actor) {
  const page = await listMembersWithSource(
    actor ?? (await actorOf(1)),
    kind,
    String(id),
    filter,
    {},
    pageWindow({ per_page: 100 }),
  )
  return page.items.map((r) => ({
    username: r.member.username,
    level: r.member.access_level,
    direct: r.direct,
    from: r.inheritedFrom?.full_path ?? null,
  }))
}
const mine = (list: Awaited<ReturnType<typeof rows>>) =>
  list.filter((r) => [atTop, atSub, inBoth].some((u) => u.username === r.username))

beforeAll(async () => {
  // One after another: lists are ordered by user id, and the expectations by creation.
  atTop = await createUser()
  atSub = await createUser()
  inBoth = await createUser()
  outsider = await createUser()
  top = await createGroup({ prefix: 'mws' })
  sub = await createGroup({ parent: top.id, prefix: 'mws-sub' })
  project = (await api('POST', '/projects', { json: { name: unique('mws'), namespace_id: sub.id } })).body
  await add('groups', top.id, atTop, 30)
  await add('groups', top.id, inBoth, 30)
  await add('groups', sub.id, atSub, 40)
  // Equal to the inherited level: the direct membership is the one listed (editable here).
  await add('groups', sub.id, inBoth, 30, EXPIRES)
})

describe('members with their source', () => {
  it("lists a subgroup's direct, inherited and all members, each inherited row with its group", async () => {
    const direct = { level: 30, direct: true, from: null }
    expect(mine(await rows('groups', sub.id, 'direct'))).toEqual([
      { username: atSub.username, level: 40, direct: true, from: null },
      { username: inBoth.username, ...direct },
    ])
    expect(mine(await rows('groups', sub.id, 'inherited'))).toEqual([
      { username: atTop.username, level: 30, direct: false, from: top.full_path },
      { username: inBoth.username, level: 30, direct: false, from: top.full_path },
    ])
    expect(mine(await rows('groups', sub.id, 'all'))).toEqual([
      { username: atTop.username, level: 30, direct: false, from: top.full_path },
      { username: atSub.username, level: 40, direct: true, from: null },
      { username: inBoth.username, ...direct },
    ])
    // Root, who created both groups, is an inherited Owner of the subgroup.
    expect((await rows('groups', sub.id, 'inherited')).find((r) => r.username === 'root')).toEqual({
      username: 'root',
      level: 50,
      direct: false,
      from: top.full_path,
    })
  })

  it("lists a project's members inherited from each ancestor group", async () => {
    const all = mine(await rows('projects', project.id, 'all'))
    expect(all).toEqual([
      { username: atTop.username, level: 30, direct: false, from: top.full_path },
      { username: atSub.username, level: 40, direct: false, from: sub.full_path },
      { username: inBoth.username, level: 30, direct: false, from: top.full_path },
    ])
    expect(mine(await rows('projects', project.id, 'direct'))).toEqual([])
  })

  it('keeps the top-level group without inherited members, and hides a private group from outsiders', async () => {
    expect(await rows('groups', top.id, 'inherited')).toEqual([])
    await expect(rows('groups', sub.id, 'all', await actorOf(outsider.id))).rejects.toMatchObject({ status: 404 })
    // A member of the subgroup reads its members, inherited ones included.
    expect(mine(await rows('groups', sub.id, 'inherited', await actorOf(atSub.id))).map((r) => r.username)).toEqual([
      atTop.username,
      inBoth.username,
    ])
  })

  it('answers GET /members/all with the direct membership on a tie (its expiry, not the inherited one)', async () => {
    const res = await api('GET', `/groups/${sub.id}/members/all`, { query: { user_ids: String(inBoth.id) } })
    expect(res.status).toBe(200)
    expect(
      res.body.map((m: { username: string; access_level: number; expires_at: string | null }) => [
        m.username,
        m.access_level,
        m.expires_at,
      ]),
    ).toEqual([[inBoth.username, 30, EXPIRES]])
  })
})
