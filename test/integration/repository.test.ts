// Repository refs: branches and tags (list, get, create from a branch, tag or commit, delete),
// GitLab's messages for each failure, and the role each operation needs.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'

const SHA = /^[0-9a-f]{40}$/
const enc = encodeURIComponent

async function createProject(json: Record<string, unknown> = {}) {
  const res = await api('POST', '/projects', { json: { name: unique('repo'), initialize_with_readme: true, ...json } })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number; path_with_namespace: string; default_branch: string }
}

/** A project with users at each role. */
async function withRoles() {
  const p = await createProject()
  const users = {
    guest: await createUser(),
    reporter: await createUser(),
    developer: await createUser(),
    maintainer: await createUser(),
  }
  const levels = { guest: 10, reporter: 20, developer: 30, maintainer: 40 }
  for (const [role, u] of Object.entries(users)) {
    const res = await api('POST', `/projects/${p.id}/members`, {
      json: { user_id: u.id, access_level: levels[role as keyof typeof levels] },
    })
    expect(res.status).toBe(201)
  }
  return { p, ...users }
}

const branches = (id: number | string) => `/projects/${id}/repository/branches`
const tags = (id: number | string) => `/projects/${id}/repository/tags`
const names = (rows: { name: string }[]) => rows.map((r) => r.name)

describe('branches', () => {
  let p: Awaited<ReturnType<typeof createProject>>
  let mainSha: string
  beforeAll(async () => {
    p = await createProject()
    mainSha = (await api('GET', `${branches(p.id)}/main`)).body.commit.id
  })

  it('lists and gets the default branch', async () => {
    expect(mainSha).toMatch(SHA)
    const list = await api('GET', branches(enc(p.path_with_namespace)))
    expect(list.status).toBe(200)
    expect(list.body[0]).toMatchObject({ name: 'main', default: true, protected: false, merged: false, can_push: true })
    expect(list.body[0].commit).toMatchObject({ id: mainSha, short_id: mainSha.slice(0, 8), title: 'Initial commit' })
    expect(list.headers.get('x-total')).toBe(String(list.body.length))
    const missing = await api('GET', `${branches(p.id)}/nope`)
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ message: '404 Branch Not Found' })
  })

  it('creates a branch (201) and reads a name with "/" through its encoded form', async () => {
    const res = await api('POST', branches(p.id), { json: { branch: 'feature/login', ref: 'main' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'feature/login', default: false })
    expect(res.body.commit.id).toBe(mainSha)
    expect(res.body.web_url).toBe(`${process.env.EXTERNAL_URL}/${p.path_with_namespace}/-/tree/feature%2Flogin`)
    const got = await api('GET', `${branches(p.id)}/${enc('feature/login')}`)
    expect(got.status).toBe(200)
    expect(got.body.name).toBe('feature/login')
    expect((await api('GET', `${branches(p.id)}/feature/login`)).body).toEqual({ error: '404 Not Found' })
  })

  it('creates from a tag, a full commit id, a short one and a full ref', async () => {
    expect((await api('POST', tags(p.id), { json: { tag_name: 'v-base', ref: 'main' } })).status).toBe(201)
    for (const [branch, ref] of [
      ['from-tag', 'v-base'],
      ['from-sha', mainSha],
      ['from-short', mainSha.slice(0, 8)],
      ['from-ref', 'refs/heads/main'],
    ]) {
      const res = await api('POST', branches(p.id), { json: { branch, ref } })
      expect(res.status, `${branch}: ${res.text}`).toBe(201)
      expect(res.body.commit.id).toBe(mainSha)
    }
  })

  it('refuses an unknown ref, an existing branch and an invalid name', async () => {
    const bad = await api('POST', branches(p.id), { json: { branch: 'y', ref: 'x' } })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ message: 'Invalid reference name: x' })
    const exists = await api('POST', branches(p.id), { json: { branch: 'main', ref: 'main' } })
    expect(exists.status).toBe(400)
    expect(exists.body).toEqual({ message: 'Branch already exists' })
    const invalid = await api('POST', branches(p.id), { json: { branch: 'bad..name', ref: 'main' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toEqual({ message: 'Branch name is invalid' })
    // The name is checked before the ref.
    expect((await api('POST', branches(p.id), { json: { branch: 'main', ref: 'x' } })).body).toEqual({
      message: 'Branch already exists',
    })
    const missing = await api('POST', branches(p.id), { json: {} })
    expect(missing.body).toEqual({ error: 'branch is missing, ref is missing' })
  })

  it('deletes a branch (204) but never the default one (405)', async () => {
    await api('POST', branches(p.id), { json: { branch: 'to/delete', ref: 'main' } })
    const del = await api('DELETE', `${branches(p.id)}/${enc('to/delete')}`)
    expect(del.status).toBe(204)
    expect((await api('GET', `${branches(p.id)}/${enc('to/delete')}`)).status).toBe(404)
    const again = await api('DELETE', `${branches(p.id)}/${enc('to/delete')}`)
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ message: '404 Branch Not Found' })
    const head = await api('DELETE', `${branches(p.id)}/main`)
    expect(head.status).toBe(405)
    expect(head.body).toEqual({ message: 'Cannot remove HEAD branch' })
  })

  it('searches with ^prefix, suffix$ and substrings', async () => {
    const q = await createProject()
    for (const b of ['release/1.0', 'release/2.0', 'hotfix-release', 'dev'])
      await api('POST', branches(q.id), { json: { branch: b, ref: 'main' } })
    const search = async (s: string) => names((await api('GET', branches(q.id), { query: { search: s } })).body)
    expect(await search('^release')).toEqual(['release/1.0', 'release/2.0'])
    expect(await search('release')).toEqual(['hotfix-release', 'release/1.0', 'release/2.0'])
    expect(await search('release$')).toEqual(['hotfix-release'])
    expect(await search('^zzz')).toEqual([])
    expect(await search('^RELEASE/')).toEqual(['release/1.0', 'release/2.0'])
    expect(await search('^dev$')).toEqual(['dev'])
    expect(names((await api('GET', branches(q.id), { query: { sort: 'name_desc' } })).body)).toEqual([
      'release/2.0',
      'release/1.0',
      'main',
      'hotfix-release',
      'dev',
    ])
  })
})

describe('tags', () => {
  it('creates (with and without a message), lists, gets and deletes tags', async () => {
    const p = await createProject()
    const sha = (await api('GET', `${branches(p.id)}/main`)).body.commit.id
    const annotated = await api('POST', tags(p.id), {
      json: { tag_name: 'v1.0.0', ref: 'main', message: 'First release' },
    })
    expect(annotated.status).toBe(201)
    expect(annotated.body).toMatchObject({
      name: 'v1.0.0',
      message: 'First release',
      target: sha,
      release: null,
      protected: false,
    })
    expect(annotated.body.commit.id).toBe(sha)
    expect(annotated.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const light = await api('POST', tags(p.id), { json: { tag_name: 'release/v1.1', ref: sha } })
    expect(light.body).toMatchObject({ name: 'release/v1.1', message: '', created_at: null })

    // Tags: newest first by default; order_by=name|updated with sort=asc|desc.
    expect(names((await api('GET', tags(p.id))).body)).toEqual(['release/v1.1', 'v1.0.0'])
    expect(names((await api('GET', tags(p.id), { query: { order_by: 'updated', sort: 'asc' } })).body)).toEqual([
      'v1.0.0',
      'release/v1.1',
    ])
    expect(names((await api('GET', tags(p.id), { query: { order_by: 'name', sort: 'desc' } })).body)).toEqual([
      'v1.0.0',
      'release/v1.1',
    ])
    expect((await api('GET', tags(p.id), { query: { sort: 'name_asc' } })).body).toEqual({
      error: 'sort does not have a valid value',
    })
    expect(names((await api('GET', tags(p.id), { query: { search: '^v1' } })).body)).toEqual(['v1.0.0'])
    expect((await api('GET', `${tags(p.id)}/${enc('release/v1.1')}`)).body.target).toBe(sha)

    const dup = await api('POST', tags(p.id), { json: { tag_name: 'v1.0.0', ref: 'main' } })
    expect(dup.status).toBe(400)
    expect(dup.body).toEqual({ message: 'Tag v1.0.0 already exists' })
    const badRef = await api('POST', tags(p.id), { json: { tag_name: 'v9', ref: 'nowhere' } })
    expect(badRef.status).toBe(400)
    expect(badRef.body).toEqual({ message: 'Target nowhere is invalid' })

    expect((await api('DELETE', `${tags(p.id)}/v1.0.0`)).status).toBe(204)
    const gone = await api('GET', `${tags(p.id)}/v1.0.0`)
    expect(gone.status).toBe(404)
    expect(gone.body).toEqual({ message: '404 Tag Not Found' })
    // A tag's commit survives deleting the project that holds it.
    expect((await api('DELETE', `/projects/${p.id}`)).status).toBe(202)
  })
})

describe('roles', () => {
  it('hides refs of a private project from guests (403) and strangers (404)', async () => {
    const { p, guest } = await withRoles()
    for (const path of [branches(p.id), `${branches(p.id)}/main`, tags(p.id)]) {
      const res = await api('GET', path, { token: guest.token })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: '403 Forbidden' })
    }
    const stranger = await createUser()
    expect((await api('GET', branches(p.id), { token: stranger.token })).body).toEqual({
      message: '404 Project Not Found',
    })
    expect((await api('GET', branches(p.id), { token: null })).status).toBe(404)
  })

  it('lets reporters read but not write; developers create and delete branches and tags', async () => {
    const { p, reporter, developer, maintainer } = await withRoles()
    const read = await api('GET', branches(p.id), { token: reporter.token })
    expect(read.status).toBe(200)
    expect(read.body[0].can_push).toBe(false)
    const create = await api('POST', branches(p.id), { token: reporter.token, json: { branch: 'r', ref: 'main' } })
    expect(create.status).toBe(403)
    expect(create.body).toEqual({ message: '403 Forbidden' })
    expect(
      (await api('POST', tags(p.id), { token: reporter.token, json: { tag_name: 'r', ref: 'main' } })).status,
    ).toBe(403)
    await api('POST', branches(p.id), { json: { branch: 'keep', ref: 'main' } })
    const delByReporter = await api('DELETE', `${branches(p.id)}/keep`, { token: reporter.token })
    expect(delByReporter.status).toBe(403)
    expect(delByReporter.body).toEqual({ message: '403 Forbidden' })
    expect((await api('GET', `${branches(p.id)}/keep`)).status).toBe(200)

    expect(
      (await api('POST', branches(p.id), { token: developer.token, json: { branch: 'd', ref: 'main' } })).status,
    ).toBe(201)
    expect((await api('GET', `${branches(p.id)}/d`, { token: developer.token })).body.can_push).toBe(true)
    expect((await api('POST', tags(p.id), { token: developer.token, json: { tag_name: 'dt', ref: 'd' } })).status).toBe(
      201,
    )
    expect((await api('DELETE', `${branches(p.id)}/d`, { token: developer.token })).status).toBe(204)
    // GitLab's delete_tag comes with admin_tag, which push_code (Developer) grants.
    expect((await api('DELETE', `${tags(p.id)}/dt`, { token: reporter.token })).status).toBe(403)
    expect((await api('DELETE', `${tags(p.id)}/dt`, { token: developer.token })).status).toBe(204)
    expect((await api('DELETE', `${tags(p.id)}/dt`, { token: maintainer.token })).body).toEqual({
      message: '404 Tag Not Found',
    })
  })

  it('lets anyone read refs of a public project but only members write', async () => {
    const p = await createProject({ visibility: 'public' })
    expect((await api('GET', branches(p.id), { token: null })).status).toBe(200)
    const u = await createUser()
    expect((await api('GET', tags(p.id), { token: u.token })).status).toBe(200)
    expect((await api('POST', branches(p.id), { token: u.token, json: { branch: 'x', ref: 'main' } })).status).toBe(403)
    expect((await api('POST', branches(p.id), { token: null, json: { branch: 'x', ref: 'main' } })).status).toBe(401)
  })
})
