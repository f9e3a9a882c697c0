// The last active administrator stays: while root is the only one (the other administrators of
// this database are demoted for the test and restored after), nothing takes root's flag away, and
// two administrators demoting each other at once leave one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser } from '../helpers'

let root: number
let demoted: number[] = []

beforeAll(async () => {
  root = (await api('GET', '/user')).body.id
  const db = await getDb()
  demoted = (
    await db.user.findMany({ where: { admin: true, state: 'active', id: { not: root } }, select: { id: true } })
  ).map((u) => u.id)
  await db.user.updateMany({ where: { id: { in: demoted } }, data: { admin: false } })
})

afterAll(async () => {
  await (await getDb()).user.updateMany({ where: { id: { in: demoted } }, data: { admin: true } })
})

describe('the last active administrator', () => {
  it('keeps the admin flag, with the error at its field', async () => {
    const res = await api('PUT', `/users/${root}`, { json: { admin: false } })
    expect(res).toMatchObject({
      status: 400,
      body: { message: { admin: ['cannot be removed from the last active administrator'] } },
    })
    expect((await api('GET', `/users/${root}`)).body.is_admin).toBe(true)
    // Other changes still go through.
    expect((await api('PUT', `/users/${root}`, { json: { admin: true, bio: 'still here' } })).body).toMatchObject({
      is_admin: true,
      bio: 'still here',
    })
    expect(await api('POST', `/users/${root}/block`)).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - The API initiating user cannot be blocked by the API' },
    })
    expect((await api('DELETE', `/users/${root}`)).status).toBe(403)
  })

  it('may give the flag up once another administrator is active, and two cannot demote each other at once', async () => {
    const other = await createUser({ admin: true })
    const [a, b] = await Promise.all([
      api('PUT', `/users/${other.id}`, { json: { admin: false } }),
      api('PUT', `/users/${root}`, { token: other.token, json: { admin: false } }),
    ])
    // One wins; the other finds no administrator left beside its target (400), or, arriving later, is no administrator any more (403).
    expect([a, b].filter((r) => r.status === 200)).toHaveLength(1)
    expect([a, b].find((r) => r.status !== 200)?.status).toBeOneOf([400, 403])
    const admins = await (
      await getDb()
    ).user.count({ where: { admin: true, state: 'active', id: { in: [root, other.id] } } })
    expect(admins).toBe(1)
    // Whoever is left restores root and steps down.
    const left = a.status === 200 ? undefined : other.token
    if (left) {
      expect((await api('PUT', `/users/${root}`, { token: left, json: { admin: true } })).status).toBe(200)
      expect((await api('PUT', `/users/${other.id}`, { json: { admin: false } })).status).toBe(200)
    }
    expect((await api('GET', `/users/${root}`)).body.is_admin).toBe(true)
  })
})
