// /jwt/auth (the registry's token server) and CI job tokens against the registry the integration
// run started: which actions each credential gets, GitLab's error shapes, job tokens' reach.
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { serverUrl } from '../setup/server'
import { pushImage } from '../registry/harness'
import { claims, jwt, registryHost, registryUrl, type User } from '../registry/api'
import { api, createGroup, createUser, unique, until, writeCiConfig } from '../helpers'

let developer: User
let reporter: User
let outsider: User
let project: { id: number; path_with_namespace: string }

async function addMember(projectId: number, user: User, level: number) {
  expect(
    (await api('POST', `/projects/${projectId}/members`, { json: { user_id: user.id, access_level: level } })).status,
  ).toBe(201)
}
const repoPath = () => project.path_with_namespace.toLowerCase()

beforeAll(async () => {
  ;[developer, reporter, outsider] = await Promise.all([createUser(), createUser(), createUser()])
  const group = await createGroup()
  const res = await api('POST', '/projects', {
    json: { name: unique('jwt'), namespace_id: group.id, visibility: 'private' },
  })
  expect(res.status).toBe(201)
  project = res.body
  await addMember(project.id, developer, 30)
  await addMember(project.id, reporter, 20)
})

describe('/jwt/auth', () => {
  it('grants a developer push and pull and creates the repository row on the push grant', async () => {
    const res = await jwt([`repository:${repoPath()}:push,pull`, `repository:${repoPath()}/tools:pull,push,delete`], {
      login: developer.username,
      password: developer.token,
    })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['token'])
    const token = claims(res.body.token!)
    expect(token.sub).toBe(developer.username)
    expect(token.access).toEqual([
      expect.objectContaining({
        type: 'repository',
        name: repoPath(),
        actions: ['push', 'pull'],
        meta: expect.objectContaining({ project_id: project.id }),
      }),
      // delete is Maintainer+: dropped, not an error
      expect.objectContaining({ name: `${repoPath()}/tools`, actions: ['pull', 'push'] }),
    ])
    const rows = await (
      await getDb()
    ).containerRepository.findMany({ where: { projectId: project.id }, orderBy: { name: 'asc' } })
    expect(rows.map((r) => r.name)).toEqual(['', 'tools'])
  })

  it('drops what the caller may not do: a reporter pulls only, an outsider and anonymous get nothing on a private project', async () => {
    const rep = await jwt([`repository:${repoPath()}:push,pull`], {
      login: reporter.username,
      password: reporter.token,
    })
    expect(claims(rep.body.token!).access).toEqual([expect.objectContaining({ actions: ['pull'] })])
    const out = await jwt([`repository:${repoPath()}:pull`], { login: outsider.username, password: outsider.token })
    expect(out.status).toBe(200)
    expect(claims(out.body.token!).access).toEqual([])
    const anon = await jwt([`repository:${repoPath()}:pull`])
    expect(claims(anon.body.token!).access).toEqual([])
    expect(claims(anon.body.token!).sub).toBe('')
  })

  it('registry:catalog:* only for administrators; a password works as Basic credential', async () => {
    const admin = await jwt(['registry:catalog:*'], { login: 'root', password: 'integration-root-password' })
    expect(claims(admin.body.token!).access).toEqual([{ type: 'registry', name: 'catalog', actions: ['*'] }])
    const dev = await jwt(['registry:catalog:*'], { login: developer.username, password: 'password-123456' })
    expect(dev.status).toBe(200)
    expect(claims(dev.body.token!).access).toEqual([])
  })

  it('bad credentials are 401 in the registry error shape; a token without a registry ability 403 DENIED; an unknown service is 404', async () => {
    const bad = await jwt([`repository:${repoPath()}:pull`], { login: developer.username, password: 'wrong' })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('www-authenticate')).toBe('Basic realm="GitLab"')
    expect(bad.body).toEqual({
      errors: [{ code: 'UNAUTHORIZED', message: expect.stringMatching(/^HTTP Basic: Access denied/) }],
    })
    // GitLab authenticates a token of any scope (Gitlab::Auth.personal_access_token_check); one whose
    // scopes map to no registry ability is refused by ContainerRegistryAuthenticationService.
    const readUser = await createUser({ scopes: ['read_user'] })
    const refused = await jwt([`repository:${repoPath()}:pull`], { login: readUser.username, password: readUser.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ errors: [{ code: 'DENIED', message: 'access forbidden' }] })
    const res = await fetch(`${await serverUrl()}/jwt/auth?service=other`)
    expect(res.status).toBe(404)
  })
})

describe('CI job tokens', () => {
  it('gitlab-ci-token + a running job’s token reaches its own project’s registry only, in /jwt/auth and the API', async () => {
    const own = await api('POST', '/projects', {
      json: { name: unique('ci-reg'), initialize_with_readme: true, visibility: 'private' },
    })
    const other = await api('POST', '/projects', { json: { name: unique('ci-other'), visibility: 'private' } })
    await addMember(own.body.id, developer, 30)
    await addMember(other.body.id, developer, 30)
    await writeCiConfig(own.body.id, 'build:\n  script: echo build\n')
    const runner = (
      await api('POST', '/user/runners', { json: { runner_type: 'project_type', project_id: own.body.id } })
    ).body as { token: string }
    expect(
      (await api('POST', `/projects/${own.body.id}/pipeline`, { token: developer.token, json: { ref: 'main' } }))
        .status,
    ).toBe(201)
    const job = await until(
      'a job for the runner',
      () =>
        api('POST', '/jobs/request', {
          token: null,
          json: { token: runner.token, info: { version: '17.5.0', platform: 'linux', architecture: 'amd64' } },
        }),
      (r) => r.status === 201,
    )
    const jobToken = job.body.token as string
    const vars = Object.fromEntries(
      (job.body.variables as { key: string; value: string }[]).map((v) => [v.key, v.value]),
    )
    const ownPath = (own.body.path_with_namespace as string).toLowerCase()
    expect(vars).toMatchObject({
      CI_REGISTRY: registryHost(),
      CI_REGISTRY_IMAGE: `${registryHost()}/${ownPath}`,
      CI_REGISTRY_USER: 'gitlab-ci-token',
      CI_REGISTRY_PASSWORD: jobToken,
    })
    const otherPath = (other.body.path_with_namespace as string).toLowerCase()
    const res = await jwt([`repository:${ownPath}:push,pull`, `repository:${otherPath}:pull`], {
      login: 'gitlab-ci-token',
      password: jobToken,
    })
    expect(res.status).toBe(200)
    const token = claims(res.body.token!)
    expect(token.access).toEqual([expect.objectContaining({ name: ownPath, actions: ['push', 'pull'] })])
    await pushImage(registryUrl(), res.body.token!, ownPath, ['ci'], { seed: 'ci' })
    const mine = await api('GET', `/projects/${own.body.id}/registry/repositories`, {
      token: null,
      headers: { 'JOB-TOKEN': jobToken },
    })
    expect(mine.status).toBe(200)
    expect(mine.body).toHaveLength(1)
    expect(
      (
        await api('GET', `/projects/${other.body.id}/registry/repositories`, {
          token: null,
          headers: { 'JOB-TOKEN': jobToken },
        })
      ).status,
    ).toBe(404)
    expect(
      (await jwt([`repository:${ownPath}:pull`], { login: 'gitlab-ci-token', password: 'glcbt-not-a-job' })).status,
    ).toBe(401)
  })
})
