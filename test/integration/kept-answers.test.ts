// Answers of endpoints declared `keep` (lib/api/kept-answers.ts): a repeated read is served without
// touching the database, a write shows in the very next read, each actor has its own answer, and no
// answer outlives KEEP_MS.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KEEP_MS, keepAnswer, keptAnswer, keptKey, keptOrRender, type KeptAnswer } from '../../lib/api/kept-answers'
import { getDb, queryCount, writeGeneration } from '../../lib/db'
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
    // Other test files write to the same database meanwhile, and each of their commits rightly
    // drops this process's answers: look at reads during which no write moved the generation.
    let again: Awaited<ReturnType<typeof api>> | undefined
    for (let tries = 0; tries < 50 && !again; tries++) {
      await api('GET', path)
      const generation = writeGeneration()
      const before = queryCount()
      const read = await api('GET', path)
      if (writeGeneration() !== generation) continue
      expect(queryCount()).toBe(before)
      again = read
    }
    if (!again) throw new Error('every read met a write of another test file')
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
    keepAnswer(writeGeneration(), key, { status: 404, headers: {}, body: '{"message":"404 Not found"}' })
    expect(keptAnswer(key)).toBeUndefined()
    const now = Date.now()
    keepAnswer(writeGeneration(), key, { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(keptAnswer(key)?.body).toBe('{}')
    vi.spyOn(Date, 'now').mockReturnValue(now + KEEP_MS + 1)
    expect(keptAnswer(key)).toBeUndefined()
  })

  it('render an answer once for concurrent misses', async () => {
    const key = keptKey('/test', null, unique('/test'))
    let renders = 0
    let finish!: () => void
    const gate = new Promise<void>((resolve) => (finish = resolve))
    const render = async () => {
      renders++
      await gate
      return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"n":1}' }
    }
    const fresh = (kept: KeptAnswer) => ({
      status: kept.status,
      headers: Object.assign({}, kept.headers),
      body: kept.body,
    })
    const pending = Array.from({ length: 5 }, () => keptOrRender(key, render, fresh))
    finish()
    const answers = await Promise.all(pending)
    expect(renders).toBe(1)
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill('{"n":1}'))
    // Each request has its own headers object (the kernel adds x-request-id to it).
    expect(new Set(answers.map((a) => a.headers)).size).toBe(5)
  })

  it('keep nothing rendered across a write', async () => {
    const key = keptKey('/test', null, unique('/test'))
    const generation = writeGeneration()
    await (
      await getDb()
    ).broadcastMessage.create({
      data: { message: unique('kept'), startsAt: new Date(), endsAt: new Date(Date.now() + 60_000) },
    })
    expect(keepAnswer(generation, key, { status: 200, headers: {}, body: '{}' })).toBeUndefined()
    expect(keptAnswer(key)).toBeUndefined()
  })
})
