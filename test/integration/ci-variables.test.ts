// Project and group CI/CD variables: the API (GitLab's entity and errors, Maintainer/Owner only,
// values stored encrypted) and what a job receives (project over group, protected only on
// protected refs, the pipeline's own over both).
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createGroup, createUser, unique, writeCiConfig } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let group: { id: number }
let project: number
let developer: User

beforeAll(async () => {
  group = await createGroup()
  project = (
    await api('POST', '/projects', {
      json: { name: unique('vars'), namespace_id: group.id, initialize_with_readme: true },
    })
  ).body.id
  developer = await createUser()
  await api('POST', `/projects/${project}/members`, { json: { user_id: developer.id, access_level: 30 } })
})

describe('CI/CD variables', () => {
  it("creates, reads, updates and deletes with GitLab's entity and errors", async () => {
    const base = `/projects/${project}/variables`
    const created = await api('POST', base, {
      json: { key: 'DEPLOY_TOKEN', value: 'secret-value-123', masked: true, protected: true, description: 'deploys' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      variable_type: 'env_var',
      key: 'DEPLOY_TOKEN',
      value: 'secret-value-123',
      hidden: false,
      protected: true,
      masked: true,
      raw: false,
      environment_scope: '*',
      description: 'deploys',
    })
    const db = await getDb()
    const row = await db.ciVariable.findFirstOrThrow({ where: { projectId: project, key: 'DEPLOY_TOKEN' } })
    expect(row.valueEnc).not.toContain('secret-value-123')
    expect((await api('POST', base, { json: { key: 'DEPLOY_TOKEN', value: 'x' } })).body).toEqual({
      message: { key: ['(DEPLOY_TOKEN) has already been taken'] },
    })
    expect((await api('POST', base, { json: { key: 'bad-key', value: 'x' } })).body).toEqual({
      message: { key: ["can contain only letters, digits and '_'."] },
    })
    expect((await api('POST', base, { json: { key: 'SHORT', value: 'abc', masked: true } })).body).toEqual({
      message: { value: ['is invalid'] },
    })
    expect((await api('POST', base, { json: { key: 'NOVALUE' } })).body).toEqual({ error: 'value is missing' })
    expect(
      (await api('PUT', `${base}/DEPLOY_TOKEN`, { json: { value: 'another-secret-456', protected: false } })).body,
    ).toMatchObject({
      value: 'another-secret-456',
      protected: false,
    })
    expect((await api('GET', base)).body.map((v: { key: string }) => v.key)).toEqual(['DEPLOY_TOKEN'])
    expect((await api('GET', base, { token: developer.token })).status).toBe(403)
    expect((await api('GET', `${base}/NOPE`)).body).toEqual({ message: '404 Variable Not Found' })
    expect((await api('DELETE', `${base}/DEPLOY_TOKEN`)).status).toBe(204)
    expect((await api('GET', `${base}/DEPLOY_TOKEN`)).status).toBe(404)
  })

  it("reach the job: project over group, protected ones only on protected refs, the pipeline's own over both", async () => {
    await api('POST', `/groups/${group.id}/variables`, { json: { key: 'SHARED', value: 'from-group' } })
    await api('POST', `/groups/${group.id}/variables`, { json: { key: 'ONLY_GROUP', value: 'g' } })
    await api('POST', `/projects/${project}/variables`, { json: { key: 'SHARED', value: 'from-project' } })
    await api('POST', `/projects/${project}/variables`, {
      json: { key: 'RELEASE_KEY', value: 'protected-only', protected: true },
    })
    await api('POST', `/projects/${project}/variables`, { json: { key: 'OVERRIDDEN', value: 'project' } })
    await writeCiConfig(project, 'show:\n  script: env\n  tags: [vars]\n')
    const runner = (
      await api('POST', '/user/runners', {
        json: { runner_type: 'project_type', project_id: project, tag_list: ['vars'] },
      })
    ).body
    const vars = async (ref: string) => {
      await api('POST', `/projects/${project}/pipeline`, {
        json: { ref, variables: [{ key: 'OVERRIDDEN', value: 'pipeline' }] },
      })
      const job = (await api('POST', '/jobs/request', { token: null, json: { token: runner.token } })).body
      await api('PUT', `/jobs/${job.id}`, { token: null, json: { token: job.token, state: 'success' } })
      return Object.fromEntries(job.variables.map((v: { key: string; value: string }) => [v.key, v.value]))
    }
    const plain = await vars('main')
    expect(plain).toMatchObject({ SHARED: 'from-project', ONLY_GROUP: 'g', OVERRIDDEN: 'pipeline' })
    expect(plain.RELEASE_KEY).toBeUndefined()
    await api('POST', `/projects/${project}/protected_branches`, { json: { name: 'main' } })
    expect(await vars('main')).toMatchObject({ RELEASE_KEY: 'protected-only', CI_COMMIT_REF_PROTECTED: 'true' })
  })
})
