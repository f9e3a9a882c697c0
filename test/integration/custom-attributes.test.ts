// Custom attributes on users, groups and projects: admin-only CRUD (one definition for the three).
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser, unique } from '../helpers'

describe('custom attributes', () => {
  let subjects: Record<string, number>
  beforeAll(async () => {
    const user = await createUser()
    const path = unique('ca')
    const group = (await api('POST', '/groups', { json: { name: path, path } })).body
    const project = (await api('POST', '/projects', { json: { name: unique('cap'), namespace_id: group.id } })).body
    subjects = { users: user.id, groups: group.id, projects: project.id }
  })

  it.each(['users', 'groups', 'projects'])('sets, reads, lists and deletes on %s', async (resource) => {
    const base = `/${resource}/${subjects[resource]}/custom_attributes`
    expect((await api('GET', base)).body).toEqual([])
    const put = await api('PUT', `${base}/color`, { json: { value: 'red' } })
    expect(put.status).toBe(200)
    expect(put.body).toEqual({ key: 'color', value: 'red' })
    expect((await api('PUT', `${base}/color`, { json: { value: 'green' } })).body).toEqual({
      key: 'color',
      value: 'green',
    })
    await api('PUT', `${base}/animal`, { form: { value: 'cat' } })
    expect((await api('GET', base)).body).toEqual([
      { key: 'animal', value: 'cat' },
      { key: 'color', value: 'green' },
    ])
    expect((await api('GET', `${base}/color`)).body).toEqual({ key: 'color', value: 'green' })
    expect((await api('DELETE', `${base}/color`)).status).toBe(204)
    expect((await api('GET', `${base}/color`)).body).toEqual({ message: '404 Custom Attribute Not Found' })
    expect((await api('DELETE', `${base}/color`)).status).toBe(404)
    expect((await api('PUT', `${base}/color`, { json: {} })).body).toEqual({ error: 'value is missing' })
  })

  it('is for administrators only, and 404s on unknown subjects', async () => {
    const user = await createUser()
    expect((await api('GET', `/groups/${subjects.groups}/custom_attributes`, { token: user.token })).body).toEqual({
      message: '403 Forbidden',
    })
    expect(
      (await api('PUT', `/users/${user.id}/custom_attributes/a`, { token: user.token, json: { value: 'b' } })).status,
    ).toBe(403)
    expect((await api('GET', '/groups/999999999/custom_attributes')).body).toEqual({ message: '404 Group Not Found' })
    expect((await api('GET', '/users/999999999/custom_attributes')).body).toEqual({ message: '404 User Not Found' })
    expect((await api('GET', '/projects/999999999/custom_attributes')).body).toEqual({
      message: '404 Project Not Found',
    })
  })

  it('goes away with a deleted group', async () => {
    const path = unique('cad')
    const group = (await api('POST', '/groups', { json: { name: path, path } })).body
    await api('PUT', `/groups/${group.id}/custom_attributes/k`, { json: { value: 'v' } })
    expect((await api('DELETE', `/groups/${group.id}`)).status).toBe(202)
    expect(
      await (await getDb()).customAttribute.count({ where: { subjectType: 'Namespace', subjectId: group.id } }),
    ).toBe(0)
  })

  it("goes away with a deleted project, with the project's invitations", async () => {
    const project = (await api('POST', '/projects', { json: { name: unique('cap') } })).body
    await api('PUT', `/projects/${project.id}/custom_attributes/k`, { json: { value: 'v' } })
    await api('POST', `/projects/${project.id}/invitations`, {
      json: { email: `${unique('inv')}@example.com`, access_level: 30 },
    })
    const db = await getDb()
    expect(await db.invitation.count({ where: { sourceType: 'Project', sourceId: project.id } })).toBe(1)
    expect((await api('DELETE', `/projects/${project.id}`)).status).toBe(202)
    expect(await db.customAttribute.count({ where: { subjectType: 'Project', subjectId: project.id } })).toBe(0)
    expect(await db.invitation.count({ where: { sourceType: 'Project', sourceId: project.id } })).toBe(0)
  })
})
