// Access requests, the same cases for groups and projects: request, list (managers only), approve
// (Developer by default, GitLab's 201), deny or withdraw, and the refusals.
import { describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser, unique } from '../helpers'

const sources = {
  groups: async () =>
    (await api('POST', '/groups', { json: { name: unique('arg'), path: unique('arg'), visibility: 'internal' } })).body
      .id as number,
  projects: async () =>
    (await api('POST', '/projects', { json: { name: unique('arp'), visibility: 'internal' } })).body.id as number,
}

describe.each(Object.keys(sources) as (keyof typeof sources)[])('%s access requests', (kind) => {
  it('lets a non-member ask, a manager see, approve and deny, and the requester withdraw', async () => {
    const id = await sources[kind]()
    const base = `/${kind}/${id}/access_requests`
    const [asker, other, developer] = await Promise.all([createUser(), createUser(), createUser()])
    await api('POST', `/${kind}/${id}/members`, { json: { user_id: developer.id, access_level: 30 } })

    const asked = await api('POST', base, { token: asker.token })
    expect(asked.status).toBe(201)
    expect(asked.body).toMatchObject({ id: asker.id, username: asker.username, requested_at: expect.any(String) })
    expect((await api('POST', base, { token: asker.token })).body).toEqual({
      message: { user: ['already exists in source'] },
    })
    expect((await api('POST', base, { token: developer.token })).status).toBe(403) // already a member
    expect((await api('GET', base, { token: developer.token })).status).toBe(403)
    const listed = await api('GET', base)
    expect(listed.status).toBe(200)
    expect(listed.headers.get('x-total')).toBe('1')
    expect(listed.body.map((r: { id: number }) => r.id)).toEqual([asker.id])

    const approved = await api('PUT', `${base}/${asker.id}/approve`)
    expect(approved.status).toBe(201)
    expect(approved.body).toMatchObject({ id: asker.id, access_level: 30 })
    expect((await api('GET', `/${kind}/${id}/members/${asker.id}`)).body.access_level).toBe(30)
    expect((await api('PUT', `${base}/${asker.id}/approve`)).body).toEqual({ message: '404 Not found' })

    await api('POST', base, { token: other.token })
    expect((await api('DELETE', `${base}/${other.id}`, { token: developer.token })).status).toBe(403)
    expect((await api('DELETE', `${base}/${other.id}`, { token: other.token })).status).toBe(204)
    await api('POST', base, { token: other.token })
    expect((await api('PUT', `${base}/${other.id}/approve`, { json: { access_level: 20 } })).body.access_level).toBe(20)
    expect(await (await getDb()).accessRequest.count({ where: { userId: { in: [asker.id, other.id] } } })).toBe(0)
  })
})

describe('group access requests', () => {
  it('are refused when the group turned request_access_enabled off', async () => {
    const id = await sources.groups()
    expect((await api('PUT', `/groups/${id}`, { json: { request_access_enabled: false } })).status).toBe(200)
    const user = await createUser()
    expect((await api('POST', `/groups/${id}/access_requests`, { token: user.token })).status).toBe(403)
  })
})
