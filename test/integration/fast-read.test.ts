// findManyFast runs a filter as a prepared statement when where-sql.ts can translate it and through
// Prisma otherwise. Both paths must return the very rows Prisma returns, and only the fallback may
// move app_db_fast_read_fallbacks_total in /-/metrics.
import { beforeAll, describe, expect, it } from 'vitest'
import { findManyFast, getDb } from '../../lib/db'
import { serverUrl } from '../setup/server'
import { api, createGroup, unique } from '../helpers'

async function fallbacks(): Promise<number> {
  const res = await fetch(`${await serverUrl()}/-/metrics`)
  expect(res.status).toBe(200)
  const line = (await res.text()).split('\n').find((l) => l.startsWith('app_db_fast_read_fallbacks_total '))
  expect(line).toBeDefined()
  return Number(line!.split(' ')[1])
}

describe('findManyFast', () => {
  let groupId: number
  const names: string[] = []
  beforeAll(async () => {
    groupId = (await createGroup()).id
    for (let i = 0; i < 3; i++) {
      const name = unique(`fast_${i}`)
      const res = await api('POST', '/projects', { json: { name, path: name, namespace_id: groupId } })
      expect(res.status).toBe(201)
      names.push(name)
    }
  })

  it("answers a translatable filter with prepared statements: Prisma's rows, no fallback counted", async () => {
    const db = await getDb()
    const args = { where: { namespaceId: groupId, name: { not: { in: [names[0]!] } }, archived: false }, orderBy: [{ id: 'desc' as const }], take: 10 }
    const before = await fallbacks()
    const fast = await findManyFast('Project', args)
    expect(await fallbacks()).toBe(before)
    expect(fast.map((p) => p.name)).toEqual([names[2], names[1]])
    expect(fast).toEqual(await db.project.findMany(args))
    expect(fast[0]?.createdAt).toBeInstanceOf(Date)
  })

  it('runs an untranslatable filter (a relation) through Prisma with the same rows, and counts it', async () => {
    const db = await getDb()
    const translatable = { where: { namespaceId: groupId }, orderBy: { id: 'asc' as const }, take: 10 }
    const relation = { where: { namespace: { id: groupId } }, orderBy: { id: 'asc' as const }, take: 10 }
    const before = await fallbacks()
    const fast = await findManyFast('Project', translatable)
    expect(await fallbacks()).toBe(before)
    const slow = await findManyFast('Project', relation)
    expect(await fallbacks()).toBe(before + 1)
    expect(slow.map((p) => p.name)).toEqual(names)
    expect(slow).toEqual(fast)
    expect(slow).toEqual(await db.project.findMany(relation))
  })

  it('selects the same columns on both paths', async () => {
    const select = ['id', 'name', 'updatedAt'] as const
    const before = await fallbacks()
    const fast = await findManyFast('Project', { select, where: { namespaceId: groupId }, orderBy: { id: 'asc' }, take: 2 })
    const slow = await findManyFast('Project', { select, where: { namespace: { id: groupId } }, orderBy: { id: 'asc' }, take: 2 })
    expect(await fallbacks()).toBe(before + 1)
    expect(Object.keys(fast[0] ?? {}).sort()).toEqual(['id', 'name', 'updatedAt'])
    expect(slow).toEqual(fast)
  })
})
