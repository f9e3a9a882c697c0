import { describe, expect, it } from 'vitest'
import { api, createUser } from '../helpers'
import { newEd25519Line } from '../ssh-key'

describe('SSH keys', () => {
  it("adds, lists, reads and deletes the current user's keys", async () => {
    const u = await createUser()
    const line = newEd25519Line('laptop')
    const added = await api('POST', '/user/keys', { token: u.token, json: { title: 'Laptop', key: line } })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({
      title: 'Laptop',
      usage_type: 'auth_and_signing',
      expires_at: null,
      last_used_at: null,
    })
    expect(added.body.key).toBe(line.split(' ').slice(0, 2).join(' '))
    const list = await api('GET', '/user/keys', { token: u.token })
    expect(list.body.map((k: { id: number }) => k.id)).toEqual([added.body.id])
    expect(list.headers.get('x-total')).toBe('1')
    expect((await api('GET', `/user/keys/${added.body.id}`, { token: u.token })).body.title).toBe('Laptop')
    expect((await api('GET', `/users/${u.id}/keys`, { token: null })).body).toHaveLength(1) // public
    expect((await api('DELETE', `/user/keys/${added.body.id}`, { token: u.token })).status).toBe(204)
    expect((await api('GET', `/user/keys/${added.body.id}`, { token: u.token })).body).toEqual({
      message: '404 Key Not Found',
    })
  })

  it('validates keys, titles, expiry and uniqueness', async () => {
    const u = await createUser()
    expect((await api('POST', '/user/keys', { token: u.token, json: { title: 'x' } })).body).toEqual({
      error: 'key is missing',
    })
    const bad = await api('POST', '/user/keys', {
      token: u.token,
      json: { title: '', key: 'ssh-rsa garbage', expires_at: '2001-01-01' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      message: { title: ["can't be blank"], key: ['is invalid'], expires_at: ['must be in the future'] },
    })
    const line = newEd25519Line()
    expect((await api('POST', '/user/keys', { token: u.token, json: { title: 'a', key: line } })).status).toBe(201)
    const other = await createUser()
    const dupe = await api('POST', '/user/keys', { token: other.token, json: { title: 'b', key: line } })
    expect(dupe.status).toBe(400)
    expect(dupe.body.message.key).toEqual(['has already been taken'])
    expect(
      (
        await api('POST', '/user/keys', {
          token: u.token,
          json: { title: 'c', key: newEd25519Line(), usage_type: 'everything' },
        })
      ).body,
    ).toEqual({
      error: 'usage_type does not have a valid value',
    })
  })

  it("lets administrators manage other users' keys, not regular users", async () => {
    const u = await createUser()
    const other = await createUser()
    expect(
      (await api('POST', `/users/${u.id}/keys`, { token: other.token, json: { title: 'x', key: newEd25519Line() } }))
        .status,
    ).toBe(403)
    const added = await api('POST', `/users/${u.id}/keys`, {
      json: { title: 'by admin', key: newEd25519Line(), usage_type: 'signing' },
    })
    expect(added.status).toBe(201)
    expect(added.body.usage_type).toBe('signing')
    expect((await api('GET', `/user/keys/${added.body.id}`, { token: other.token })).status).toBe(404)
    expect((await api('DELETE', `/users/${u.id}/keys/${added.body.id}`)).status).toBe(204)
    expect((await api('GET', `/users/999999/keys`)).body).toEqual({ message: '404 User Not Found' })
  })
})
