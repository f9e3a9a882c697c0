// Container registry protection tag rules (GitLab's project_container_registry_protection_tag_rules.rb):
// Maintainer+ only, params checked before authentication, 422 bodies as GitLab renders them
// (POST: `message` is the list or the cap's sentence; PATCH: `message.error`), 5 rules per project.
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let project: number
let dev: User
let reporter: User
let maintainer: User
let outsider: User

const newProject = async (json: Record<string, unknown> = {}) => {
  const res = await api('POST', '/projects', { json: { name: unique('regp'), visibility: 'private', ...json } })
  expect(res.status, res.text).toBe(201)
  return res.body.id as number
}
const rules = (id = project, path = '') => `/projects/${id}/registry/protection/tag/rules${path}`
const rulesIn = async (projectId: number) =>
  (await getDb()).containerRegistryProtectionTagRule.findMany({ where: { projectId }, orderBy: { id: 'asc' } })
const levels = { minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: 'owner' }

beforeAll(async () => {
  project = await newProject()
  ;[dev, reporter, maintainer, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()])
  for (const [u, level] of [
    [dev, 30],
    [reporter, 20],
    [maintainer, 40],
  ] as const)
    expect(
      (await api('POST', `/projects/${project}/members`, { json: { user_id: u.id, access_level: level } })).status,
    ).toBe(201)
})

describe('registry protection tag rules API', () => {
  it('creates (201) and lists a rule with GitLab’s entity; levels are stored as GitLab’s integers', async () => {
    const res = await api('POST', rules(), {
      token: maintainer.token,
      json: { tag_name_pattern: 'v.*-release', ...levels },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.any(Number),
      project_id: project,
      tag_name_pattern: 'v.*-release',
      ...levels,
    })
    const [row] = await rulesIn(project)
    expect(row).toMatchObject({
      id: res.body.id,
      tagNamePattern: 'v.*-release',
      minimumAccessLevelForPush: 40,
      minimumAccessLevelForDelete: 50,
    })
    const list = await api('GET', rules(), { token: maintainer.token })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([res.body])
  })

  it('checks params as Grape does (400), before authentication', async () => {
    const missing = await api('POST', rules(), { token: maintainer.token, json: { ...levels } })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ error: 'tag_name_pattern is missing' })
    const bad = await api('POST', rules(), {
      token: maintainer.token,
      json: { tag_name_pattern: 'x', ...levels, minimum_access_level_for_push: 'developer' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'minimum_access_level_for_push does not have a valid value' })
    const anonymous = await api('POST', rules(), {
      token: null,
      json: { tag_name_pattern: 'x', ...levels, minimum_access_level_for_delete: 'guest' },
    })
    expect(anonymous.status).toBe(400)
    expect(anonymous.body).toEqual({ error: 'minimum_access_level_for_delete does not have a valid value' })
    const badId = await api('PATCH', rules(project, '/abc'), {
      token: maintainer.token,
      json: { tag_name_pattern: 'x' },
    })
    expect(badId.status).toBe(400)
    expect(badId.body).toEqual({ error: 'protection_rule_id is invalid' })
  })

  it('refuses invalid RE2, over-long and duplicate patterns with the model’s 422 messages', async () => {
    const before = (await rulesIn(project)).length
    const post = (tag_name_pattern: string) =>
      api('POST', rules(), { token: maintainer.token, json: { tag_name_pattern, ...levels } })
    const re = await post('*')
    expect(re.status).toBe(422)
    expect(re.body).toEqual({
      message: ['Tag name pattern not valid RE2 syntax: no argument for repetition operator: *'],
    })
    // A backreference is valid for a backtracking engine, not for RE2.
    expect((await post('(a)\\1')).body).toEqual({
      message: ['Tag name pattern not valid RE2 syntax: invalid escape sequence: \\1'],
    })
    expect((await post('a'.repeat(101))).body).toEqual({
      message: ['Tag name pattern is too long (maximum is 100 characters)'],
    })
    expect((await post('v.*-release')).body).toEqual({ message: ['Tag name pattern has already been taken'] })
    expect((await post(' ')).body).toEqual({ message: ["Tag name pattern can't be blank"] })
    expect((await post('a'.repeat(100))).status).toBe(201)
    expect((await rulesIn(project)).length).toBe(before + 1)
  })

  it('allows at most 5 rules per project (GitLab’s message), counting from the database', async () => {
    const id = await newProject()
    for (const n of [1, 2, 3, 4, 5])
      expect((await api('POST', rules(id), { json: { tag_name_pattern: `^r${n}$`, ...levels } })).status).toBe(201)
    const sixth = await api('POST', rules(id), { json: { tag_name_pattern: '^r6$', ...levels } })
    expect(sixth.status).toBe(422)
    expect(sixth.body).toEqual({ message: 'Maximum number of protection rules have been reached.' })
    expect((await rulesIn(id)).map((r) => r.tagNamePattern)).toEqual(['^r1$', '^r2$', '^r3$', '^r4$', '^r5$'])
    // Deleting one makes room again.
    const [first] = await rulesIn(id)
    expect((await api('DELETE', rules(id, `/${first!.id}`))).status).toBe(204)
    expect((await api('POST', rules(id), { json: { tag_name_pattern: '^r6$', ...levels } })).status).toBe(201)
  })

  it('updates part of a rule; PATCH errors sit under message.error', async () => {
    const id = await newProject()
    const a = (
      await api('POST', rules(id), {
        json: {
          tag_name_pattern: 'original-.*',
          minimum_access_level_for_push: 'maintainer',
          minimum_access_level_for_delete: 'maintainer',
        },
      })
    ).body
    await api('POST', rules(id), { json: { tag_name_pattern: 'conflict-.*', ...levels } })
    const partial = await api('PATCH', rules(id, `/${a.id}`), { json: { tag_name_pattern: 'updated-.*' } })
    expect(partial.status).toBe(200)
    expect(partial.body).toEqual({
      id: a.id,
      project_id: id,
      tag_name_pattern: 'updated-.*',
      minimum_access_level_for_push: 'maintainer',
      minimum_access_level_for_delete: 'maintainer',
    })
    const full = await api('PATCH', rules(id, `/${a.id}`), {
      json: { minimum_access_level_for_push: 'owner', minimum_access_level_for_delete: 'admin' },
    })
    expect(full.body).toMatchObject({
      minimum_access_level_for_push: 'owner',
      minimum_access_level_for_delete: 'admin',
    })
    expect((await rulesIn(id))[0]).toMatchObject({
      tagNamePattern: 'updated-.*',
      minimumAccessLevelForPush: 50,
      minimumAccessLevelForDelete: 60,
    })

    const conflict = await api('PATCH', rules(id, `/${a.id}`), { json: { tag_name_pattern: 'conflict-.*' } })
    expect(conflict.status).toBe(422)
    expect(conflict.body).toEqual({ message: { error: ['Tag name pattern has already been taken'] } })
    const invalid = await api('PATCH', rules(id, `/${a.id}`), { json: { tag_name_pattern: 'invalid[' } })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toEqual({ message: { error: ['Tag name pattern not valid RE2 syntax: missing ]: ['] } })
    const oneLevel = await api('PATCH', rules(id, `/${a.id}`), { json: { minimum_access_level_for_push: '' } })
    expect(oneLevel.status).toBe(422)
    expect(oneLevel.body).toEqual({
      message: { error: ['Access levels should either both be present or both be nil'] },
    })
    const badLevel = await api('PATCH', rules(id, `/${a.id}`), {
      json: { minimum_access_level_for_delete: 'reporter' },
    })
    expect(badLevel.status).toBe(400)
    expect(badLevel.body).toEqual({ error: 'minimum_access_level_for_delete does not have a valid value' })
    expect((await rulesIn(id))[0]).toMatchObject({
      tagNamePattern: 'updated-.*',
      minimumAccessLevelForPush: 50,
      minimumAccessLevelForDelete: 60,
    })

    // Unsetting both levels makes the rule immutable: GitLab lists mutable rules only.
    const immutable = await api('PATCH', rules(id, `/${a.id}`), {
      json: { minimum_access_level_for_push: '', minimum_access_level_for_delete: '' },
    })
    expect(immutable.status).toBe(200)
    expect(immutable.body).toMatchObject({ minimum_access_level_for_push: null, minimum_access_level_for_delete: null })
    expect((await api('GET', rules(id))).body.map((r: { tag_name_pattern: string }) => r.tag_name_pattern)).toEqual([
      'conflict-.*',
    ])
  })

  it('answers 404 "Not found" for a rule that is not the project’s', async () => {
    const other = await newProject()
    const foreign = (await api('POST', rules(other), { json: { tag_name_pattern: 'foreign', ...levels } })).body
    for (const [method, json] of [
      ['PATCH', { tag_name_pattern: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(method, rules(project, `/${foreign.id}`), { json })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: '404 Not found' })
    }
    expect((await api('PATCH', rules(project, '/999999999'), { json: { tag_name_pattern: 'x' } })).status).toBe(404)
    expect((await rulesIn(other)).map((r) => r.tagNamePattern)).toEqual(['foreign'])
  })

  it('lets a Maintainer update and delete (204, no body)', async () => {
    const rule = (
      await api('POST', rules(), { token: maintainer.token, json: { tag_name_pattern: 'gone', ...levels } })
    ).body
    const patched = await api('PATCH', rules(project, `/${rule.id}`), {
      token: maintainer.token,
      json: { minimum_access_level_for_push: 'admin' },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({ ...rule, minimum_access_level_for_push: 'admin' })
    const res = await api('DELETE', rules(project, `/${rule.id}`), { token: maintainer.token })
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await rulesIn(project)).map((r) => r.id)).not.toContain(rule.id)
    expect((await api('DELETE', rules(project, `/${rule.id}`), { token: maintainer.token })).status).toBe(404)
  })

  it('needs Maintainer: Developer and Reporter get 403, anonymous 401, a non-member of a private project 404', async () => {
    const [rule] = await rulesIn(project)
    const calls = [
      ['GET', rules(), undefined],
      ['POST', rules(), { tag_name_pattern: 'dev-.*', ...levels }],
      ['PATCH', rules(project, `/${rule!.id}`), { tag_name_pattern: 'dev-.*' }],
      ['DELETE', rules(project, `/${rule!.id}`), undefined],
    ] as const
    for (const [method, path, json] of calls) {
      for (const who of [dev, reporter]) {
        const res = await api(method, path, { token: who.token, json })
        expect(res.status, `${method} ${path}`).toBe(403)
        expect(res.body).toEqual({ message: '403 Forbidden' })
      }
      // GitLab's authenticate! comes before user_project: an anonymous caller learns nothing either way.
      const anon = await api(method, path, { token: null, json })
      expect(anon.status).toBe(401)
      expect(anon.body).toEqual({ message: '401 Unauthorized' })
      const stranger = await api(method, path, { token: outsider.token, json })
      expect(stranger.status).toBe(404)
      expect(stranger.body).toEqual({ message: '404 Project Not Found' })
    }
    expect((await rulesIn(project)).map((r) => r.tagNamePattern)).not.toContain('dev-.*')
    expect((await api('GET', rules(999999999))).body).toEqual({ message: '404 Project Not Found' })
    // A public project is visible to everyone, still managed by Maintainers only.
    const pub = await newProject({ visibility: 'public' })
    expect((await api('GET', rules(pub), { token: outsider.token })).status).toBe(403)
    expect((await api('GET', rules(pub), { token: null })).status).toBe(401)
  })

  it('is refused (403) while the project’s container registry is disabled, to Maintainers and admins alike', async () => {
    const id = await newProject({ container_registry_access_level: 'disabled' })
    const res = await api('GET', rules(id))
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: '403 Forbidden' })
    expect((await api('PUT', `/projects/${id}`, { json: { container_registry_access_level: 'private' } })).status).toBe(
      200,
    )
    expect((await api('GET', rules(id))).status).toBe(200)
  })

  it('goes with its project', async () => {
    const id = await newProject()
    await api('POST', rules(id), { json: { tag_name_pattern: 'cascade', ...levels } })
    expect(await rulesIn(id)).toHaveLength(1)
    expect((await api('DELETE', `/projects/${id}`)).status).toBe(202)
    expect(await rulesIn(id)).toEqual([])
  })
})
