// Project lists serve cached entity JSON; a change to the project or its namespace must show in the
// very next response.
import { describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'

describe('cached project entities in lists', () => {
  it('reflect project updates and namespace renames at once', async () => {
    const u = await createUser()
    const name = unique('cached')
    const created = await api('POST', '/projects', { token: u.token, json: { name } })
    const list = async () =>
      (await api('GET', '/projects', { token: u.token, query: { membership: 'true', search: name } })).body
    expect((await list())[0].name).toBe(name)
    expect((await list())[0].description).toBe('') // now served from the cache

    expect(
      (await api('PUT', `/projects/${created.body.id}`, { token: u.token, json: { description: 'changed' } })).status,
    ).toBe(200)
    expect((await list())[0].description).toBe('changed')

    const renamed = unique('renamed')
    expect((await api('PUT', `/users/${u.id}`, { json: { username: renamed, name: 'Renamed Owner' } })).status).toBe(
      200,
    )
    const [item] = await list()
    expect(item.path_with_namespace).toBe(`${renamed}/${created.body.path}`)
    expect(item.name_with_namespace).toBe(`Renamed Owner / ${name}`)
    expect(item.namespace.full_path).toBe(renamed)
  })

  it('serves both the simple and the full shape', async () => {
    const u = await createUser()
    const name = unique('shape')
    await api('POST', '/projects', { token: u.token, json: { name } })
    const full = (await api('GET', '/projects', { token: u.token, query: { membership: 'true', search: name } }))
      .body[0]
    const simple = (
      await api('GET', '/projects', { token: u.token, query: { membership: 'true', search: name, simple: 'true' } })
    ).body[0]
    expect(full._links).toBeDefined()
    expect(simple._links).toBeUndefined()
    expect(simple.path_with_namespace).toBe(full.path_with_namespace)
  })
})
