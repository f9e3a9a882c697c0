// Answers of endpoints declared `keep` (lib/api/kept-answers.ts): a repeated read is served without
// touching the database, a write shows in the very next read, each actor has its own answer, and no
// answer outlives KEEP_MS.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KEEP_MS, keepAnswer, keptAnswer, keptKey, writeGeneration } from '../../lib/api/kept-answers'
import { queryCount } from '../../lib/db'
import { api, createUser, unique } from '../helpers'

afterEach(() => vi.restoreAllMocks())

describe('kept answers', () => {
  it('serve a repeated read byte for byte without a query, and show a write in the next read', async () => {
    const created = await api('POST', '/projects', { json: { name: unique('kept'), visibility: 'private' } })
    expect(created.status).toBe(201)
    const path = `/projects/${created.body.id}`
    // The first administrator's read writes (GitLab makes the runners token then): not kept.
    await api('GET', path)
    const first = await api('GET', path)
    expect(first.status).toBe(200)
    const before = queryCount()
    const again = await api('GET', path)
    expect(queryCount()).toBe(before)
    expect(again.text).toBe(first.text)
    // The kernel's per-request headers are the request's own, not the kept answer's.
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
    expect(again.headers.get('content-type')).toBe('application/json')

    expect((await api('PUT', path, { json: { description: 'changed' } })).status).toBe(200)
    const after = await api('GET', path)
    expect(after.body.description).toBe('changed')
  })

  it('keep one answer per actor: a second user does not get the first one’s', async () => {
    const user = await createUser()
    const path = `/users/${user.id}`
    const asAdmin = await api('GET', path)
    expect(asAdmin.body.email).toBe(`${user.username}@example.com`)
    const other = await createUser()
    const asOther = await api('GET', path, { token: other.token })
    expect(asOther.status).toBe(200)
    expect(asOther.body.email).toBeUndefined()
    const anonymous = await api('GET', path, { token: null })
    expect(anonymous.body.email).toBeUndefined()
    expect((await api('GET', path)).body.email).toBe(`${user.username}@example.com`)
  })

  it('keep only 200s, and nothing past KEEP_MS', () => {
    const key = keptKey('/test', null, unique('/test'))
    keepAnswer(writeGeneration(), key, 404, {}, '{"message":"404 Not found"}')
    expect(keptAnswer(key)).toBeUndefined()
    const now = Date.now()
    keepAnswer(writeGeneration(), key, 200, { 'content-type': 'application/json' }, '{}')
    expect(keptAnswer(key)?.body).toBe('{}')
    vi.spyOn(Date, 'now').mockReturnValue(now + KEEP_MS + 1)
    expect(keptAnswer(key)).toBeUndefined()
  })
})
