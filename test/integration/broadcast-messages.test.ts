// Broadcast messages through raw HTTP (statuses, headers, error bodies) and @gitbeaker/rest.
import { describe, expect, it } from 'vitest'
import { dismissBroadcastMessage, dismissedMessageIds } from '../../lib/broadcast-messages/dismissals'
import { api, createUser, gitlab, unique } from '../helpers'

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const near = (iso: string, ms: number) => Math.abs(new Date(iso).getTime() - ms) < 15_000
const create = (json: Record<string, unknown>) => api('POST', '/broadcast_messages', { json })

describe('broadcast messages: CRUD', () => {
  it('creates with GitLab defaults and the exact entity shape', async () => {
    const res = await create({ message: unique('hello') })
    expect(res.status).toBe(201)
    expect(Object.keys(res.body)).toEqual([
      'id',
      'message',
      'starts_at',
      'ends_at',
      'color',
      'font',
      'target_access_levels',
      'target_path',
      'broadcast_type',
      'dismissable',
      'active',
      'theme',
    ])
    expect(res.body.starts_at).toMatch(ISO_MS)
    expect(res.body.ends_at).toMatch(ISO_MS)
    expect(near(res.body.starts_at, Date.now())).toBe(true)
    expect(near(res.body.ends_at, Date.now() + 3600_000)).toBe(true)
    expect(res.body).toMatchObject({
      theme: 'indigo',
      broadcast_type: 'banner',
      dismissable: false,
      active: true,
      target_access_levels: [],
      target_path: '',
      color: null,
    })
  })

  it('shows, updates and deletes; PUT without times keeps them', async () => {
    const made = await create({
      message: 'before',
      starts_at: '2030-01-01T10:00:00Z',
      ends_at: '2030-01-02T10:00:00Z',
      target_access_levels: [30, 40],
    })
    expect(made.body.active).toBe(false)
    const id = made.body.id
    const shown = await api('GET', `/broadcast_messages/${id}`, { token: null })
    expect(shown.status).toBe(200)
    expect(shown.body).toEqual(made.body)
    const put = await api('PUT', `/broadcast_messages/${id}`, {
      json: { message: 'after', theme: 'dark', broadcast_type: 'notification', dismissable: true },
    })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({
      message: 'after',
      theme: 'dark',
      broadcast_type: 'notification',
      dismissable: true,
      target_access_levels: [30, 40],
    })
    expect(put.body.starts_at).toBe('2030-01-01T10:00:00.000Z')
    expect(put.body.ends_at).toBe('2030-01-02T10:00:00.000Z')
    const del = await api('DELETE', `/broadcast_messages/${id}`)
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect(await api('GET', `/broadcast_messages/${id}`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    })
    expect(await api('DELETE', `/broadcast_messages/${id}`)).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    })
    expect(await api('PUT', `/broadcast_messages/${id}`, { json: { message: 'x' } })).toMatchObject({
      status: 404,
      body: { message: '404 Not found' },
    })
  })

  it('works through gitbeaker', async () => {
    const gl = await gitlab()
    const msg = unique('beaker')
    const made = (await gl.BroadcastMessages.create({
      message: msg,
      targetAccessLevels: [10, 30],
      targetPath: '/projects/*',
      broadcastType: 'notification',
    })) as Record<string, unknown>
    expect(made).toMatchObject({
      message: msg,
      target_access_levels: [10, 30],
      target_path: '/projects/*',
      broadcast_type: 'notification',
    })
    const id = made.id as number
    expect(await gl.BroadcastMessages.show(id)).toMatchObject({ id, message: msg })
    expect(await gl.BroadcastMessages.edit(id, { font: '#fff' })).toMatchObject({ id, font: '#fff' })
    const all = (await gl.BroadcastMessages.all({ perPage: 100, maxPages: 1 })) as { id: number }[]
    expect(all.some((m) => m.id === id)).toBe(true)
    await gl.BroadcastMessages.remove(id)
    expect((await api('GET', `/broadcast_messages/${id}`)).status).toBe(404)
  })

  it('accepts target_access_levels as a comma string and go-gitlab RFC 3339 times', async () => {
    const res = await api('POST', '/broadcast_messages', {
      form: {
        message: 'csv',
        target_access_levels: '10,30',
        starts_at: '2030-05-01T12:00:00+02:00',
        ends_at: '2030-05-01T13:00:00+02:00',
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.target_access_levels).toEqual([10, 30])
    expect(res.body.starts_at).toBe('2030-05-01T10:00:00.000Z')
  })
})

describe('broadcast messages: access', () => {
  it('is readable without a token, newest first, with pagination headers', async () => {
    const a = await create({ message: 'first' })
    const b = await create({ message: 'second' })
    const list = await api('GET', '/broadcast_messages', { token: null, query: { per_page: 2 } })
    expect(list.status).toBe(200)
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([b.body.id, a.body.id])
    expect(list.headers.get('x-page')).toBe('1')
    expect(list.headers.get('x-per-page')).toBe('2')
    expect(list.headers.get('x-next-page')).toBe('2')
    expect(Number(list.headers.get('x-total'))).toBeGreaterThanOrEqual(2)
    expect(list.headers.get('link')).toContain('rel="next"')
    const all = await api('GET', '/broadcast_messages', { token: null, query: { per_page: 100 } })
    const ids = all.body.map((m: { id: number }) => m.id)
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x))
  })

  it('needs an administrator to write: 401 anonymous, 403 regular user', async () => {
    const id = (await create({ message: 'guarded' })).body.id
    const user = await createUser()
    expect(await api('POST', '/broadcast_messages', { token: null, json: { message: 'x' } })).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized' },
    })
    expect(await api('POST', '/broadcast_messages', { token: user.token, json: { message: 'x' } })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    })
    expect(await api('PUT', `/broadcast_messages/${id}`, { token: null, json: { message: 'x' } })).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized' },
    })
    expect(await api('PUT', `/broadcast_messages/${id}`, { token: user.token, json: { message: 'x' } })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    })
    expect(await api('DELETE', `/broadcast_messages/${id}`, { token: null })).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized' },
    })
    expect(await api('DELETE', `/broadcast_messages/${id}`, { token: user.token })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    })
    expect((await api('GET', `/broadcast_messages/${id}`, { token: user.token })).body.message).toBe('guarded')
  })

  it('validates params before authenticating, as GitLab does', async () => {
    const user = await createUser()
    expect(await api('POST', '/broadcast_messages', { token: null, json: {} })).toMatchObject({
      status: 400,
      body: { error: 'message is missing' },
    })
    expect(await api('POST', '/broadcast_messages', { token: user.token, json: {} })).toMatchObject({
      status: 400,
      body: { error: 'message is missing' },
    })
    expect(await api('GET', '/broadcast_messages/abc')).toMatchObject({ status: 400, body: { error: 'id is invalid' } })
  })
})

describe('broadcast messages: validation', () => {
  it('rejects bad colours as model errors', async () => {
    expect(await create({ message: 'x', font: 'white' })).toMatchObject({
      status: 400,
      body: { message: { font: ['must be a valid color code'] } },
    })
    expect(await create({ message: 'x', color: '#12345' })).toMatchObject({
      status: 400,
      body: { message: { color: ['must be a valid color code'] } },
    })
    expect((await create({ message: 'x', font: '#ABC', color: '#aabbcc' })).status).toBe(201)
  })

  it('rejects bad enums and levels as Grape param errors', async () => {
    expect(await create({ message: 'x', theme: 'purple' })).toMatchObject({
      status: 400,
      body: { error: 'theme does not have a valid value' },
    })
    expect(await create({ message: 'x', broadcast_type: 'popup' })).toMatchObject({
      status: 400,
      body: { error: 'broadcast_type does not have a valid value' },
    })
    expect(await create({ message: 'x', target_access_levels: [30, 60] })).toMatchObject({
      status: 400,
      body: { error: 'target_access_levels does not have a valid value' },
    })
    expect(
      await api('POST', '/broadcast_messages', { form: { message: 'x', target_access_levels: '10,5' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'target_access_levels does not have a valid value' },
    })
  })

  it('rejects a blank message, an end before the start and a long path', async () => {
    expect(await create({ message: ' ' })).toMatchObject({
      status: 400,
      body: { message: { message: ["can't be blank"] } },
    })
    expect(
      await create({ message: 'x', starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }),
    ).toMatchObject({
      status: 400,
      body: { message: { ends_at: ['must be after start'] } },
    })
    expect(await create({ message: 'x', target_path: 'a'.repeat(256) })).toMatchObject({
      status: 400,
      body: { message: { target_path: ['is too long (maximum is 255 characters)'] } },
    })
    const id = (await create({ message: 'x', starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-02T00:00:00Z' })).body
      .id
    expect(await api('PUT', `/broadcast_messages/${id}`, { json: { ends_at: '2029-12-31T00:00:00Z' } })).toMatchObject({
      status: 400,
      body: { message: { ends_at: ['must be after start'] } },
    })
    expect(await api('PUT', `/broadcast_messages/${id}`, { json: { message: '' } })).toMatchObject({
      status: 400,
      body: { message: { message: ["can't be blank"] } },
    })
  })
})

describe('broadcast messages: dismissals (console)', () => {
  it('remembers a dismissal until the message ends, only for dismissable messages', async () => {
    const user = await createUser()
    const open = (await create({ message: 'closable', dismissable: true })).body.id
    const ended = (
      await create({
        message: 'past',
        dismissable: true,
        starts_at: '2001-01-01T00:00:00Z',
        ends_at: '2001-01-02T00:00:00Z',
      })
    ).body.id
    const fixed = (await create({ message: 'fixed' })).body.id
    await dismissBroadcastMessage(user.id, open)
    await dismissBroadcastMessage(user.id, open) // twice is harmless
    await dismissBroadcastMessage(user.id, ended)
    await expect(dismissBroadcastMessage(user.id, fixed)).rejects.toMatchObject({ status: 400 })
    const ids = await dismissedMessageIds(user.id)
    expect(ids.has(open)).toBe(true)
    expect(ids.has(ended)).toBe(false)
    expect((await dismissedMessageIds((await createUser()).id)).size).toBe(0)
    await api('DELETE', `/broadcast_messages/${open}`)
    expect((await dismissedMessageIds(user.id)).has(open)).toBe(false)
  })
})
