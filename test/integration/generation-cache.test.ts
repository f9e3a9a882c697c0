// Caches kept for one write generation (lib/db/generation-cache.ts) and the group responses served
// from them: a change must show in the very next response.
import { describe, expect, it } from 'vitest'
import { findManyKept, generationCache, getDb, queryCount, writeGeneration } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'

describe('generation cache', () => {
  it('drops what it holds on a write, and keeps nothing read under an older generation', async () => {
    const cache = generationCache<string, number>(unique('test'))
    const db = await getDb()
    const before = writeGeneration()
    cache.set(before, 'k', 1)
    expect(cache.get('k')).toBe(1)
    await db.broadcastMessage.create({
      data: { message: unique('gen'), startsAt: new Date(), endsAt: new Date(Date.now() + 60_000) },
    })
    expect(writeGeneration()).not.toBe(before)
    expect(cache.get('k')).toBeUndefined()
    cache.set(before, 'k', 2) // read before the write: not kept
    expect(cache.get('k')).toBeUndefined()
  })

  it('moves the generation again when a transaction that wrote commits', async () => {
    const cache = generationCache<string, string>(unique('test'))
    const db = await getDb()
    const message = unique('tx')
    let during = -1
    await db.$transaction(async (tx) => {
      await tx.broadcastMessage.create({
        data: { message, startsAt: new Date(), endsAt: new Date(Date.now() + 60_000) },
      })
      // Another request reading now sees the old rows (not yet committed) under this generation.
      during = writeGeneration()
      cache.set(during, 'rows', 'before the commit')
      expect(cache.get('rows')).toBe('before the commit')
    })
    expect(writeGeneration()).not.toBe(during)
    expect(cache.get('rows')).toBeUndefined()
  })

  it('serves an entry only until the moment given with it', () => {
    const cache = generationCache<string, string>(unique('test'))
    cache.set(writeGeneration(), 'expired', 'x', Date.now() - 1)
    cache.set(writeGeneration(), 'later', 'y', Date.now() + 60_000)
    expect(cache.get('expired')).toBeUndefined()
    expect(cache.get('later')).toBe('y')
  })
  it('reads once, and serves a read that straddled a write without keeping it', async () => {
    const cache = generationCache<string, number>(unique('test'))
    const db = await getDb()
    let loads = 0
    expect(await cache.read('k', async () => ++loads)).toBe(1)
    expect(await cache.read('k', async () => ++loads)).toBe(1)
    const straddling = await cache.read('s', async () => {
      await db.broadcastMessage.create({
        data: { message: unique('gen'), startsAt: new Date(), endsAt: new Date(Date.now() + 60_000) },
      })
      return ++loads
    })
    expect(straddling).toBe(2)
    expect(await cache.read('s', async () => ++loads)).toBe(3)
    expect(
      await cache.read(
        'u',
        async () => ++loads,
        () => Date.now() - 1,
      ),
    ).toBe(4)
    expect(await cache.read('u', async () => ++loads)).toBe(5)
  })
})

describe('kept reads', () => {
  it('answer again without a query, frozen, until a write', async () => {
    const db = await getDb()
    const message = unique('kept')
    const read = () => findManyKept('BroadcastMessage', { where: { message }, orderBy: { id: 'asc' }, take: 10 })
    expect(await read()).toEqual([])
    await db.broadcastMessage.create({ data: { message, startsAt: new Date(), endsAt: new Date(Date.now() + 60_000) } })
    const first = await read()
    expect(first.map((m) => m.message)).toEqual([message])
    // Another file's commit between two reads rightly drops the kept answer (files run two at a
    // time on one database): look at a pair of reads during which the generation stayed.
    let kept = false
    for (let tries = 0; tries < 50 && !kept; tries++) {
      const held = await read()
      const generation = writeGeneration()
      const before = queryCount()
      const again = await read()
      if (writeGeneration() !== generation) continue
      expect(again).toBe(held)
      expect(queryCount()).toBe(before)
      kept = true
    }
    expect(kept).toBe(true)
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true)
    expect(() => (first[0]!.message = 'changed')).toThrow(TypeError)
    await db.broadcastMessage.updateMany({ where: { message }, data: { theme: 'light-red' } })
    expect((await read())[0]!.theme).toBe('light-red')
  })
})

describe('cached group responses', () => {
  it('show an update, a parent rename and a new share in the next list and detail', async () => {
    const owner = await createUser()
    const parent = await createGroup({ token: owner.token, prefix: 'genparent' })
    const child = await createGroup({ token: owner.token, parent: parent.id, prefix: 'genchild' })
    const detail = async () => (await api('GET', `/groups/${child.id}`, { token: owner.token })).body
    const listed = async () =>
      (await api('GET', `/groups/${parent.id}/subgroups`, { token: owner.token })).body.find(
        (g: { id: number }) => g.id === child.id,
      )
    expect((await detail()).description).toBe('')
    expect((await listed()).description).toBe('')

    expect(
      (await api('PUT', `/groups/${child.id}`, { token: owner.token, json: { description: 'changed' } })).status,
    ).toBe(200)
    expect((await detail()).description).toBe('changed')
    expect((await listed()).description).toBe('changed')
    expect(
      (await api('GET', `/groups/${encodeURIComponent(child.full_path)}`, { token: owner.token })).body.description,
    ).toBe('changed')

    const path = unique('renamed')
    expect((await api('PUT', `/groups/${parent.id}`, { token: owner.token, json: { path } })).status).toBe(200)
    expect((await detail()).full_path).toBe(`${path}/${child.path}`)
    expect((await listed()).full_path).toBe(`${path}/${child.path}`)
    expect(
      (await api('GET', `/groups/${encodeURIComponent(`${path}/${child.path}`)}`, { token: owner.token })).status,
    ).toBe(200)

    const other = await createGroup({ token: owner.token, prefix: 'genshare' })
    expect((await detail()).shared_with_groups).toEqual([])
    const shared = await api('POST', `/groups/${child.id}/share`, {
      token: owner.token,
      json: { group_id: other.id, group_access: 30 },
    })
    expect(shared.status).toBe(201)
    expect((await detail()).shared_with_groups).toEqual([
      expect.objectContaining({ group_id: other.id, group_access_level: 30 }),
    ])
    expect((await api('DELETE', `/groups/${child.id}/share/${other.id}`, { token: owner.token })).status).toBe(204)
    expect((await detail()).shared_with_groups).toEqual([])
  })

  it('finds a group created and forgets one deleted, by id and by path', async () => {
    const owner = await createUser()
    const path = unique('genlife')
    expect((await api('GET', `/groups/${path}`, { token: owner.token })).status).toBe(404)
    const created = await api('POST', '/groups', { token: owner.token, json: { name: path, path } })
    expect(created.status).toBe(201)
    expect((await api('GET', `/groups/${path}`, { token: owner.token })).status).toBe(200)
    expect((await api('DELETE', `/groups/${created.body.id}`, { token: owner.token })).status).toBe(202)
    expect((await api('GET', `/groups/${created.body.id}`, { token: owner.token })).status).toBe(404)
    expect((await api('GET', `/groups/${path}`, { token: owner.token })).status).toBe(404)
  })
})

describe('cached list entities', () => {
  it('show a snippet update, an author rename and a member rename in the next list', async () => {
    const owner = await createUser()
    const project = (await api('POST', '/projects', { token: owner.token, json: { name: unique('genproj') } })).body
    const created = await api('POST', `/projects/${project.id}/snippets`, {
      token: owner.token,
      json: { title: 'first', visibility: 'private', files: [{ file_path: 'a.txt', content: 'a' }] },
    })
    expect(created.status).toBe(201)
    const snippets = async () => (await api('GET', `/projects/${project.id}/snippets`, { token: owner.token })).body
    expect((await snippets())[0]).toMatchObject({ title: 'first', author: { id: owner.id } })
    expect((await snippets())[0].title).toBe('first') // now served from the cache
    expect(
      (
        await api('PUT', `/projects/${project.id}/snippets/${created.body.id}`, {
          token: owner.token,
          json: { title: 'second' },
        })
      ).status,
    ).toBe(200)
    expect((await snippets())[0].title).toBe('second')

    const group = await createGroup({ token: owner.token, prefix: 'genmembers' })
    const members = async () => (await api('GET', `/groups/${group.id}/members`, { token: owner.token })).body
    expect((await members()).map((m: { name: string }) => m.name)).toHaveLength(1)
    const name = unique('Renamed')
    expect((await api('PUT', `/users/${owner.id}`, { json: { name } })).status).toBe(200)
    expect((await members())[0].name).toBe(name)
    expect((await snippets())[0].author.name).toBe(name)
  })
})
