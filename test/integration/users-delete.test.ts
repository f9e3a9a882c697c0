// DELETE /users/:id: GitLab's rules (sole group owners need hard_delete), what survives with the
// ghost user, what goes with the user, and the ghost user's own protection.
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let project: number

beforeAll(async () => {
  project = (await api('POST', '/projects', { json: { name: unique('del'), visibility: 'private' } })).body.id
})

/** A user who authored an issue, a pipeline and a project snippet in root's project, and owns a personal project. */
async function contributor(): Promise<User & { issue: number; pipeline: number; snippet: number; personal: number }> {
  const u = await createUser()
  expect(
    (await api('POST', `/projects/${project}/members`, { json: { user_id: u.id, access_level: 30 } })).status,
  ).toBe(201)
  const issue = await api('POST', `/projects/${project}/issues`, { token: u.token, json: { title: 'by a leaver' } })
  expect(issue.status).toBe(201)
  const snippet = await api('POST', `/projects/${project}/snippets`, {
    token: u.token,
    json: { title: 's', visibility: 'private', files: [{ file_path: 'a.txt', content: 'a' }] },
  })
  expect(snippet.status).toBe(201)
  const personal = await api('POST', '/projects', { token: u.token, json: { name: unique('own') } })
  expect(personal.status).toBe(201)
  const db = await getDb()
  const pipeline = await db.pipeline.create({
    data: { iid: 1_000_000 + u.id, projectId: project, ref: 'main', sha: '0'.repeat(40), source: 'push', userId: u.id },
  })
  await db.termsAcceptance.create({ data: { userId: u.id, termsHash: 'x' } })
  expect((await api('PUT', `/users/${u.id}/custom_attributes/team`, { json: { value: 'a' } })).status).toBe(200)
  return { ...u, issue: issue.body.iid, pipeline: pipeline.id, snippet: snippet.body.id, personal: personal.body.id }
}

describe('DELETE /users/:id', () => {
  it('moves what the user authored to the ghost user and removes the rest', async () => {
    const u = await contributor()
    expect((await api('DELETE', `/users/${u.id}`, { token: u.token })).status).toBe(403)
    expect(await api('DELETE', '/users/2147483647')).toMatchObject({
      status: 404,
      body: { message: '404 User Not Found' },
    })
    const res = await api('DELETE', `/users/${u.id}`)
    expect([res.status, res.text]).toEqual([204, ''])

    expect((await api('GET', `/users/${u.id}`)).status).toBe(404)
    expect(await api('GET', '/user', { token: u.token })).toMatchObject({ status: 401 })
    expect((await api('GET', `/projects/${u.personal}`)).status).toBe(404)
    expect((await api('GET', `/namespaces/${u.username}`)).status).toBe(404)
    const db = await getDb()
    const ghost = await db.user.findFirstOrThrow({ where: { ghost: true } })
    expect(ghost).toMatchObject({
      name: 'Ghost User',
      username: expect.stringMatching(/^ghost\d*$/),
      state: 'active',
      passwordHash: null,
    })
    const issue = await api('GET', `/projects/${project}/issues/${u.issue}`)
    expect(issue.body.author).toMatchObject({ id: ghost.id, username: ghost.username })
    expect((await db.pipeline.findUniqueOrThrow({ where: { id: u.pipeline } })).userId).toBe(ghost.id)
    expect((await db.snippet.findUniqueOrThrow({ where: { id: u.snippet } })).authorId).toBe(ghost.id)
    expect(await db.termsAcceptance.count({ where: { userId: u.id } })).toBe(0)
    expect(await db.customAttribute.count({ where: { subjectType: 'User', subjectId: u.id } })).toBe(0)
    expect(await db.member.count({ where: { userId: u.id } })).toBe(0)

    // A second deletion reuses the one ghost.
    const v = await contributor()
    expect((await api('DELETE', `/users/${v.id}`)).status).toBe(204)
    expect(await db.user.count({ where: { ghost: true } })).toBe(1)
    expect((await api('GET', `/projects/${project}/issues/${v.issue}`)).body.author.id).toBe(ghost.id)

    // The ghost user cannot be removed, blocked or deactivated.
    expect(await api('DELETE', `/users/${ghost.id}`)).toMatchObject({ status: 403, body: { message: '403 Forbidden' } })
    expect(await api('POST', `/users/${ghost.id}/block`)).toMatchObject({
      status: 403,
      body: { message: 'An internal user cannot be blocked' },
    })
    expect(await api('POST', `/users/${ghost.id}/deactivate`)).toMatchObject({
      status: 403,
      body: { message: 'Internal users cannot be deactivated' },
    })
    const internal = (await api('GET', '/users', { query: { username: ghost.username, exclude_internal: 'true' } }))
      .body
    expect(internal).toEqual([])
  })

  it('needs hard_delete for a sole group owner, which deletes those groups and the contributions', async () => {
    const u = await contributor()
    const solo = await createGroup({ token: u.token })
    const soloChild = await createGroup({ token: u.token, parent: solo.id })
    const shared = await createGroup({ token: u.token })
    const coOwner = await createUser()
    expect(
      (await api('POST', `/groups/${shared.id}/members`, { json: { user_id: coOwner.id, access_level: 50 } })).status,
    ).toBe(201)

    const refused = await api('DELETE', `/users/${u.id}`)
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'User cannot be removed while is the sole-owner of a group' },
    })
    expect((await api('GET', `/users/${u.id}`)).status).toBe(200)
    expect((await api('GET', `/projects/${u.personal}`)).status).toBe(200) // nothing happened

    const hard = await api('DELETE', `/users/${u.id}`, { query: { hard_delete: 'true' } })
    expect(hard.status).toBe(204)
    for (const g of [solo.id, soloChild.id]) expect((await api('GET', `/groups/${g}`)).status).toBe(404)
    expect((await api('GET', `/groups/${shared.id}`)).status).toBe(200)
    expect((await api('GET', `/projects/${project}/issues/${u.issue}`)).status).toBe(404)
    const db = await getDb()
    expect((await db.pipeline.findUniqueOrThrow({ where: { id: u.pipeline } })).userId).toBeNull()
    expect(await db.snippet.count({ where: { id: u.snippet } })).toBe(0)
  })

  it('does not count a blocked co-owner, and an owner above keeps a subgroup from being solo-owned', async () => {
    const u = await createUser()
    const blockedOwner = await createUser()
    const top = await createGroup()
    expect((await api('POST', `/groups/${top.id}/members`, { json: { user_id: u.id, access_level: 50 } })).status).toBe(
      201,
    )
    const sub = await createGroup({ token: u.token, parent: top.id })
    const own = await createGroup({ token: u.token })
    expect(
      (await api('POST', `/groups/${own.id}/members`, { json: { user_id: blockedOwner.id, access_level: 50 } })).status,
    ).toBe(201)
    expect((await api('POST', `/users/${blockedOwner.id}/block`)).status).toBe(201)
    expect((await api('DELETE', `/users/${u.id}`)).status).toBe(409) // `own`'s other owner is blocked
    expect((await api('DELETE', `/groups/${own.id}`)).status).toBe(202)
    expect((await api('DELETE', `/users/${u.id}`)).status).toBe(204) // root owns `top`, above `sub`
    expect((await api('GET', `/groups/${sub.id}`)).status).toBe(200)
  })
})
