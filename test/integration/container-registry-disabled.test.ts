// No registry configured (REGISTRY_API_URL unset, the default): GitLab with no image pushed. Lists
// are 200 [], unknown ids 404, parameters still checked, and /jwt/auth is the registry's 404.
import { beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../../lib/config'
import { serverUrl } from '../setup/server'
import { api, createGroup, unique } from '../helpers'

delete process.env.REGISTRY_API_URL
resetConfig()

let project: number
let group: number
beforeAll(async () => {
  group = (await createGroup()).id
  const res = await api('POST', '/projects', { json: { name: unique('noreg'), namespace_id: group } })
  expect(res.status).toBe(201)
  project = res.body.id
})

describe('registry not configured', () => {
  it('lists nothing, with pagination headers', async () => {
    for (const path of [`/projects/${project}/registry/repositories`, `/groups/${group}/registry/repositories`]) {
      const res = await api('GET', path)
      expect(res.status).toBe(200)
      expect(res.body).toEqual([])
      expect(res.headers.get('x-total')).toBe('0')
      expect(res.headers.get('x-page')).toBe('1')
    }
  })

  it('unknown repositories are 404; bulk-deletion parameters are still checked first', async () => {
    expect((await api('GET', '/registry/repositories/424242')).body).toEqual({ message: '404 Not found' })
    expect((await api('GET', `/projects/${project}/registry/repositories/424242/tags`)).body).toEqual({
      message: '404 Not found',
    })
    const bulk = await api('DELETE', `/projects/${project}/registry/repositories/424242/tags`, {
      query: { name_regex_delete: '(?=a)' },
    })
    expect(bulk.status).toBe(400)
    expect(bulk.body.error).toMatch(/^name_regex_delete is an invalid regexp: /)
  })

  it('/jwt/auth answers 404 UNAVAILABLE', async () => {
    const res = await fetch(`${await serverUrl()}/jwt/auth?service=container_registry&scope=repository:a/b:pull`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ errors: [{ code: 'UNAVAILABLE', message: 'registry not enabled' }] })
  })
})
