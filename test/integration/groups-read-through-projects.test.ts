// GitLab's GroupPolicy `has_projects`: a user who sees a project inside a private group's tree reads
// the groups above it (not their members), and GroupsFinder lists the ancestors of the groups and
// projects one belongs to. Losing the project membership shuts the door on the next request.
import { describe, expect, it } from 'vitest'
import { api, createGroup, createUser, unique } from '../helpers'

async function tree() {
  const top = await createGroup({ visibility: 'private', prefix: 'hp-top' })
  const sub = await createGroup({ visibility: 'private', parent: top.id, prefix: 'hp-sub' })
  const empty = await createGroup({ visibility: 'private', parent: top.id, prefix: 'hp-empty' })
  const project = (
    await api('POST', '/projects', { json: { name: unique('hp'), namespace_id: sub.id, visibility: 'private' } })
  ).body
  const member = await createUser()
  const added = await api('POST', `/projects/${project.id}/members`, { json: { user_id: member.id, access_level: 10 } })
  expect(added.status, added.text).toBe(201)
  return { top, sub, empty, project, member }
}

describe('reading a group through a project below it', () => {
  it('a project member reads the groups above the project, not their members, and not a sibling group', async () => {
    const { top, sub, empty, member } = await tree()
    for (const g of [top, sub]) {
      const res = await api('GET', `/groups/${g.id}`, { token: member.token })
      expect(res.status, res.text).toBe(200)
      expect(res.body).toMatchObject({ id: g.id, full_path: g.full_path })
      const byPath = await api('GET', `/groups/${encodeURIComponent(g.full_path)}`, { token: member.token })
      expect(byPath.status).toBe(200)
      const members = await api('GET', `/groups/${g.id}/members`, { token: member.token })
      expect(members.status).toBe(403)
      expect(members.body).toEqual({ message: '403 Forbidden' })
    }
    // Seeing a private group through a project is no `view_globally`: no request to join it.
    await api('PUT', `/groups/${top.id}`, { json: { request_access_enabled: true } })
    const ask = await api('POST', `/groups/${top.id}/access_requests`, { token: member.token })
    expect(ask.status).toBe(403)
    expect(ask.body).toEqual({ message: '403 Forbidden' })
    const sibling = await api('GET', `/groups/${empty.id}`, { token: member.token })
    expect(sibling.status).toBe(404)
    expect(sibling.body).toEqual({ message: '404 Group Not Found' })

    const stranger = await createUser()
    expect((await api('GET', `/groups/${top.id}`, { token: stranger.token })).status).toBe(404)
    expect((await api('GET', `/groups/${top.id}`, { token: null })).status).toBe(404)
  })

  it('the group list names the groups above the project (GroupsFinder include_ancestors)', async () => {
    const { top, sub, empty, member } = await tree()
    const res = await api('GET', '/groups?per_page=100', { token: member.token })
    expect(res.status).toBe(200)
    const ids = (res.body as { id: number }[]).map((g) => g.id)
    expect(ids).toEqual(expect.arrayContaining([top.id, sub.id]))
    expect(ids).not.toContain(empty.id)
    expect(res.headers.get('x-total')).toBe(String(ids.length))
    const subgroups = await api('GET', `/groups/${top.id}/subgroups`, { token: member.token })
    expect(subgroups.status).toBe(200)
    expect((subgroups.body as { id: number }[]).map((g) => g.id)).toEqual([sub.id])
  })

  it('reads the epics of a group above the project (EE EpicPolicy has_projects), not its confidential ones', async () => {
    const { top, member } = await tree()
    const open = await api('POST', `/groups/${top.id}/epics`, { json: { title: 'open' } })
    expect(open.status, open.text).toBe(201)
    const secret = await api('POST', `/groups/${top.id}/epics`, { json: { title: 'secret', confidential: true } })
    expect(secret.status, secret.text).toBe(201)
    const list = await api('GET', `/groups/${top.id}/epics`, { token: member.token })
    expect(list.status, list.text).toBe(200)
    expect((list.body as { id: number }[]).map((e) => e.id)).toEqual([open.body.id])
    expect((await api('GET', `/groups/${top.id}/epics/${open.body.iid}`, { token: member.token })).status).toBe(200)
    // A confidential epic is refused as to a Guest (lib/api/epics.rb authorize!: 403).
    const hidden = await api('GET', `/groups/${top.id}/epics/${secret.body.iid}`, { token: member.token })
    expect(hidden.status).toBe(403)
    expect(hidden.body).toEqual({ message: '403 Forbidden' })
  })

  it('removing the project membership hides the groups on the next request', async () => {
    const { top, project, member } = await tree()
    expect((await api('GET', `/groups/${top.id}`, { token: member.token })).status).toBe(200)
    expect((await api('GET', '/groups', { token: member.token })).body.map((g: { id: number }) => g.id)).toContain(
      top.id,
    )
    const removed = await api('DELETE', `/projects/${project.id}/members/${member.id}`)
    expect(removed.status).toBe(204)
    expect((await api('GET', `/groups/${top.id}`, { token: member.token })).status).toBe(404)
    expect((await api('GET', '/groups', { token: member.token })).body.map((g: { id: number }) => g.id)).not.toContain(
      top.id,
    )
  })
})
