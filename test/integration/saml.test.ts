import { beforeAll, describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let owner: User
let maintainer: User
let member: User
let root: number
let sub: number
let other: number

const group = async (token: string, parent_id?: number) => {
  const path = unique('saml')
  const res = await api('POST', '/groups', { token, json: { name: path, path, parent_id } })
  expect(res.status).toBe(201)
  return res.body.id as number
}
const level = async (groupId: number, userId: number) => {
  const res = await api('GET', `/groups/${groupId}/members/${userId}`)
  return res.status === 404 ? null : (res.body.access_level as number)
}
const sync = (groupId: number, json: Record<string, unknown>, token?: string) =>
  api('POST', `/groups/${groupId}/saml/sync`, { token, json })

beforeAll(async () => {
  ;[owner, maintainer, member] = await Promise.all([createUser(), createUser(), createUser()])
  root = await group(owner.token)
  sub = await group(owner.token, root)
  other = await group(owner.token)
  expect(
    (await api('POST', `/groups/${root}/members`, { json: { user_id: maintainer.id, access_level: 40 } })).status,
  ).toBe(201)
})

describe('SAML group links', () => {
  const links = () => `/groups/${root}/saml_group_links`

  it('creates, lists, reads and deletes with GitLab statuses and entity', async () => {
    const created = await api('POST', links(), {
      token: owner.token,
      json: { saml_group_name: ' Engineers ', access_level: 30 },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ name: 'Engineers', access_level: 30, member_role_id: null, provider: null })
    const withProvider = await api('POST', links(), {
      token: owner.token,
      form: { saml_group_name: 'Ops', access_level: '40', provider: 'okta', member_role_id: '7' },
    })
    expect(withProvider.body).toEqual({ name: 'Ops', access_level: 40, member_role_id: 7, provider: 'okta' })
    const list = await api('GET', links(), { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total')).toBe('2')
    expect(list.body.map((l: { name: string }) => l.name)).toEqual(['Engineers', 'Ops'])
    expect((await api('GET', `${links()}/Engineers`, { token: owner.token })).body).toEqual(created.body)
    expect((await api('GET', `${links()}/Ops`, { token: owner.token, query: { provider: 'azure' } })).body).toEqual({
      message: 'Linked SAML group link not found',
    })
    const del = await api('DELETE', `${links()}/Engineers`, { token: owner.token })
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    const gone = await api('GET', `${links()}/Engineers`, { token: owner.token })
    expect(gone.status).toBe(404)
    expect(gone.body).toEqual({ message: 'Linked SAML group link not found' })
    expect((await api('DELETE', `${links()}/Engineers`, { token: owner.token })).status).toBe(404)
    expect((await api('DELETE', `${links()}/Ops`, { token: owner.token })).status).toBe(204)
  })

  it('validates like GitLab', async () => {
    expect((await api('POST', links(), { token: owner.token, json: {} })).body).toEqual({
      error: 'saml_group_name is missing, access_level is missing',
    })
    const bad = await api('POST', links(), { token: owner.token, json: { saml_group_name: 'x', access_level: 35 } })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'access_level does not have a valid value' })
    expect(
      (await api('POST', links(), { token: owner.token, json: { saml_group_name: '  ', access_level: 10 } })).body,
    ).toEqual({ message: "Saml group name can't be blank" })
    expect(
      (await api('POST', links(), { token: owner.token, json: { saml_group_name: 'n'.repeat(256), access_level: 10 } }))
        .status,
    ).toBe(400)
    expect(
      (await api('POST', links(), { token: owner.token, json: { saml_group_name: 'Dup', access_level: 10 } })).status,
    ).toBe(201)
    const dup = await api('POST', links(), { token: owner.token, json: { saml_group_name: 'Dup', access_level: 20 } })
    expect(dup.status).toBe(400)
    expect(dup.body).toEqual({ message: 'Saml group name has already been taken' })
    // The same name under another provider is a different link.
    expect(
      (
        await api('POST', links(), {
          token: owner.token,
          json: { saml_group_name: 'Dup', access_level: 20, provider: 'okta' },
        })
      ).status,
    ).toBe(201)
  })

  it('answers 422 for a name shared across providers unless provider is sent', async () => {
    const name = unique('shared')
    for (const provider of ['okta', 'azure'])
      expect(
        (
          await api('POST', links(), {
            token: owner.token,
            json: { saml_group_name: name, access_level: 20, provider },
          })
        ).status,
      ).toBe(201)
    const message =
      'Multiple SAML group links found with the same name. Please specify a provider parameter to disambiguate.'
    const get = await api('GET', `${links()}/${name}`, { token: owner.token })
    expect(get.status).toBe(422)
    expect(get.body).toEqual({ message })
    expect((await api('DELETE', `${links()}/${name}`, { token: owner.token })).status).toBe(422)
    expect(
      (await api('GET', `${links()}/${name}`, { token: owner.token, query: { provider: 'azure' } })).body.provider,
    ).toBe('azure')
    expect(
      (await api('DELETE', `${links()}/${name}`, { token: owner.token, query: { provider: 'azure' } })).status,
    ).toBe(204)
    // One left: no longer ambiguous.
    expect((await api('GET', `${links()}/${name}`, { token: owner.token })).body).toMatchObject({
      name,
      provider: 'okta',
    })
    // An any-provider link beside a provider's link is named by an empty provider.
    expect(
      (await api('POST', links(), { token: owner.token, json: { saml_group_name: name, access_level: 10 } })).status,
    ).toBe(201)
    expect((await api('GET', `${links()}/${name}`, { token: owner.token })).status).toBe(422)
    expect(
      (await api('GET', `${links()}/${name}`, { token: owner.token, query: { provider: '' } })).body,
    ).toMatchObject({ name, provider: null, access_level: 10 })
    expect((await api('DELETE', `${links()}/${name}?provider=`, { token: owner.token })).status).toBe(204)
    expect((await api('GET', `${links()}/${name}`, { token: owner.token })).body).toMatchObject({ provider: 'okta' })
  })

  it("gives non-owners GitLab's 401 and hides other groups", async () => {
    for (const [method, path] of [
      ['GET', links()],
      ['GET', `${links()}/Dup`],
      ['POST', links()],
      ['DELETE', `${links()}/Dup`],
    ] as const) {
      const res = await api(method, path, {
        token: maintainer.token,
        json: method === 'POST' ? { saml_group_name: 'm', access_level: 10 } : undefined,
      })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: '401 Unauthorized' })
    }
    expect((await api('GET', links(), { token: null })).status).toBe(401)
    expect((await api('GET', `/groups/${other}/saml_group_links`, { token: member.token })).status).toBe(404)
    // Links may sit on subgroups; the inherited owner manages them.
    expect(
      (
        await api('POST', `/groups/${sub}/saml_group_links`, {
          token: owner.token,
          json: { saml_group_name: 'SubLink', access_level: 10 },
        })
      ).status,
    ).toBe(201)
    expect((await api('DELETE', `/groups/${sub}/saml_group_links/SubLink`, { token: owner.token })).status).toBe(204)
  })
})

describe('SAML identities', () => {
  it('lists, reads, changes and deletes identities created by sync', async () => {
    const uid = `${unique('uid')}@idp.example`
    expect((await sync(root, { user_id: member.id, extern_uid: uid, groups: [] }, owner.token)).status).toBe(200)
    const list = await api('GET', `/groups/${root}/saml/identities`, { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.body).toContainEqual({ extern_uid: uid, user_id: member.id })
    const one = await api('GET', `/groups/${root}/saml/${encodeURIComponent(uid)}`, { token: owner.token })
    expect(one.body).toEqual({ extern_uid: uid, user_id: member.id })
    // (a stranger: root has links, so a sync without groups would take the maintainer out of it)
    const stranger = await createUser()
    const other = unique('uid2')
    expect((await sync(root, { user_id: stranger.id, extern_uid: other }, owner.token)).status).toBe(200)
    const taken = await api('PATCH', `/groups/${root}/saml/${encodeURIComponent(uid)}`, {
      token: owner.token,
      json: { extern_uid: other },
    })
    expect(taken.status).toBe(400)
    expect(taken.body).toEqual({ message: 'Extern uid has already been taken' })
    expect(
      (await api('PATCH', `/groups/${root}/saml/${encodeURIComponent(uid)}`, { token: owner.token, json: {} })).body,
    ).toEqual({ error: 'extern_uid is missing' })
    const patched = await api('PATCH', `/groups/${root}/saml/${encodeURIComponent(uid)}`, {
      token: owner.token,
      form: { extern_uid: 'new-uid' },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({ extern_uid: 'new-uid', user_id: member.id })
    expect((await api('GET', `/groups/${root}/saml/${encodeURIComponent(uid)}`, { token: owner.token })).body).toEqual({
      message: '404 Identity Not Found',
    })
    const del = await api('DELETE', `/groups/${root}/saml/new-uid`, { token: owner.token })
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect((await api('DELETE', `/groups/${root}/saml/new-uid`, { token: owner.token })).status).toBe(404)
  })

  it('needs an owner (403), hides invisible groups (404) and has none on subgroups', async () => {
    expect((await api('GET', `/groups/${root}/saml/identities`, { token: maintainer.token })).body).toEqual({
      message: '403 Forbidden',
    })
    expect((await api('PATCH', `/groups/${root}/saml/x`, { token: maintainer.token, json: {} })).status).toBe(403)
    expect((await api('DELETE', `/groups/${root}/saml/x`, { token: maintainer.token })).status).toBe(403)
    expect((await api('GET', `/groups/${other}/saml/identities`, { token: member.token })).status).toBe(404)
    expect((await api('GET', `/groups/${sub}/saml/identities`, { token: owner.token })).status).toBe(400)
    expect((await api('GET', `/groups/${sub}/saml/anything`, { token: owner.token })).status).toBe(404)
  })
})

describe('SAML group sync', () => {
  it('adds, raises, lowers and removes memberships from the linked levels', async () => {
    const top = await group(owner.token)
    const child = await group(owner.token, top)
    const unlinked = await group(owner.token, top)
    const user = await createUser()
    await api('POST', `/groups/${top}/saml_group_links`, {
      token: owner.token,
      json: { saml_group_name: 'devs', access_level: 30 },
    })
    await api('POST', `/groups/${top}/saml_group_links`, {
      token: owner.token,
      json: { saml_group_name: 'leads', access_level: 40 },
    })
    await api('POST', `/groups/${child}/saml_group_links`, {
      token: owner.token,
      json: { saml_group_name: 'devs', access_level: 20, provider: 'okta' },
    })
    await api('POST', `/groups/${unlinked}/members`, { json: { user_id: user.id, access_level: 10 } })

    const first = await sync(
      top,
      { user_id: user.id, extern_uid: unique('u'), groups: ['devs', 'leads'], provider: 'okta' },
      owner.token,
    )
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      added: expect.arrayContaining([
        { group_id: top, access_level: 40 },
        { group_id: child, access_level: 20 },
      ]),
      updated: [],
      removed: [],
      kept_last_owner: [],
    })
    expect([await level(top, user.id), await level(child, user.id), await level(unlinked, user.id)]).toEqual([
      40, 20, 10,
    ])

    // Another provider: the okta-only link no longer applies; highest remaining link wins.
    const second = await sync(top, { user_id: user.id, groups: ['devs'], provider: 'azure' }, owner.token)
    expect(second.body).toEqual({
      added: [],
      updated: [{ group_id: top, access_level: 30, previous_access_level: 40 }],
      removed: [{ group_id: child, previous_access_level: 20 }],
      kept_last_owner: [],
    })
    expect([await level(top, user.id), await level(child, user.id), await level(unlinked, user.id)]).toEqual([
      30,
      null,
      10,
    ])

    const third = await sync(top, { user_id: user.id, groups: [] }, owner.token)
    expect(third.body.removed).toEqual([{ group_id: top, previous_access_level: 30 }])
    expect([await level(top, user.id), await level(unlinked, user.id)]).toEqual([null, 10])
    // The user is no longer a member: the API now refuses them the group.
    expect((await api('GET', `/groups/${top}/saml_group_links`, { token: user.token })).status).toBe(404)
  })

  it('never removes or demotes the last owner, but does when another owner remains', async () => {
    const top = await group(owner.token)
    await api('POST', `/groups/${top}/saml_group_links`, {
      token: owner.token,
      json: { saml_group_name: 'devs', access_level: 30 },
    })
    const kept = await sync(top, { user_id: owner.id, extern_uid: unique('o'), groups: ['devs'] }, owner.token)
    expect(kept.body).toEqual({
      added: [],
      updated: [],
      removed: [],
      kept_last_owner: [{ group_id: top, access_level: 50 }],
    })
    expect(await level(top, owner.id)).toBe(50)
    const second = await createUser()
    await api('POST', `/groups/${top}/members`, { json: { user_id: second.id, access_level: 50 } })
    const demoted = await sync(top, { user_id: owner.id, groups: ['devs'] })
    expect(demoted.body.updated).toEqual([{ group_id: top, access_level: 30, previous_access_level: 50 }])
    expect(await level(top, owner.id)).toBe(30)
  })

  it('checks who may sync and what it is given', async () => {
    const user = await createUser()
    expect((await sync(root, { user_id: user.id, extern_uid: 'x' }, maintainer.token)).body).toEqual({
      message: '403 Forbidden',
    })
    expect((await sync(root, { user_id: user.id }, owner.token)).status).toBe(400)
    expect((await sync(root, { user_id: 999999999, extern_uid: 'x' }, owner.token)).body).toEqual({
      message: '404 User Not Found',
    })
    expect((await sync(root, { extern_uid: 'x' }, owner.token)).body).toEqual({ error: 'user_id is missing' })
    const uid = unique('taken')
    expect((await sync(root, { user_id: user.id, extern_uid: uid })).status).toBe(200)
    const clash = await sync(root, { user_id: member.id, extern_uid: uid })
    expect(clash.status).toBe(400)
    expect(clash.body).toEqual({ message: 'Extern uid has already been taken' })
    // A subgroup's sync uses its top-level group's identities.
    expect((await sync(sub, { user_id: user.id, groups: 'a,b' }, owner.token)).status).toBe(200)
  })
})
