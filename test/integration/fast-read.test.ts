// findManyFast runs a filter as a prepared statement when where-sql.ts can translate it and through
// Prisma otherwise. Both paths must return the very rows Prisma returns, and only the fallback may
// move app_db_fast_read_fallbacks_total in /-/metrics.
import { beforeAll, describe, expect, it } from 'vitest'
import { countByFast, findManyFast, getDb } from '../../lib/db'
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
    const args = {
      where: { namespaceId: groupId, name: { not: { in: [names[0]!] } }, archived: false },
      orderBy: [{ id: 'desc' as const }],
      take: 10,
    }
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
    const fast = await findManyFast('Project', {
      select,
      where: { namespaceId: groupId },
      orderBy: { id: 'asc' },
      take: 2,
    })
    const slow = await findManyFast('Project', {
      select,
      where: { namespace: { id: groupId } },
      orderBy: { id: 'asc' },
      take: 2,
    })
    expect(await fallbacks()).toBe(before + 1)
    expect(Object.keys(fast[0] ?? {}).sort()).toEqual(['id', 'name', 'updatedAt'])
    expect(slow).toEqual(fast)
  })
})

describe('countByFast', () => {
  it("counts per group with a prepared statement as Prisma's groupBy does, and falls back for a relation filter", async () => {
    const group = await createGroup()
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const name = unique(`count_${i}`)
      const res = await api('POST', '/projects', { json: { name, path: name, namespace_id: group.id } })
      expect(res.status).toBe(201)
      ids.push((res.body as { id: number }).id)
    }
    // Project 0: two open, one closed; project 1: one closed; project 2: none.
    for (const [projectId, close] of [
      [ids[0], false],
      [ids[0], false],
      [ids[0], true],
      [ids[1], true],
    ] as const) {
      const res = await api('POST', `/projects/${projectId}/issues`, { json: { title: unique('issue') } })
      expect(res.status).toBe(201)
      if (close)
        expect(
          (
            await api('PUT', `/projects/${projectId}/issues/${(res.body as { iid: number }).iid}`, {
              json: { state_event: 'close' },
            })
          ).status,
        ).toBe(200)
    }
    const before = await fallbacks()
    const fast = await countByFast('Issue', 'projectId', { projectId: { in: ids }, state: 'opened' })
    expect(await fallbacks()).toBe(before)
    expect([...fast]).toEqual([[ids[0], 2]])
    const all = await countByFast('Issue', 'projectId', { projectId: { in: ids } })
    expect(new Map(all)).toEqual(
      new Map([
        [ids[0], 3],
        [ids[1], 1],
      ]),
    )
    const slow = await countByFast('Issue', 'projectId', { project: { namespaceId: group.id }, state: 'opened' })
    expect(await fallbacks()).toBe(before + 1)
    expect(slow).toEqual(fast)
  })
})
