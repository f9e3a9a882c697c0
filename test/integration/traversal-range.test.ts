// "Everything below this group" is a range on the traversal-id index (prefixRange in lib/db). It was a
// prefix LIKE, which neither database serves from an index (SQLite's LIKE ignores case; PostgreSQL's
// needs a C collation): every group deletion, subgroup list and visibility filter read the whole table,
// on PostgreSQL with every dead row not yet vacuumed — the soak's slowdown after minute 16. Here: the
// plans, PostgreSQL's bytewise collation that makes the range exact, the rows, and no LIKE left behind.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getDb, prefixRange, provider } from '../../lib/db'
import { api, createGroup, unique } from '../helpers'

const TABLES = ['Namespace', 'Project'] as const

async function plan(table: string): Promise<string> {
  const db = await getDb()
  const range = `SELECT "id" FROM "${table}" WHERE "traversalIds" >= '1/' AND "traversalIds" < '10'`
  if (provider() === 'sqlite') {
    const rows = await db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${range}`)
    return rows.map((r) => r.detail).join('\n')
  }
  // The tables here are small enough for a sequential scan to win on cost; the question is whether an
  // index can serve the condition at all.
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off')
    const rows = await tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${range}`)
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  })
}

describe('traversal-id ranges', () => {
  it('a tree range is served by the traversal-id index of namespaces and projects', async () => {
    for (const table of TABLES) expect(await plan(table), table).toContain(`${table}_traversalIds_idx`)
  })

  it('compares traversal ids bytewise on PostgreSQL, as SQLite does', async () => {
    if (provider() !== 'postgresql') return
    const rows = await (
      await getDb()
    ).$queryRawUnsafe<{ table_name: string; collation_name: string | null }[]>(
      `SELECT table_name, collation_name FROM information_schema.columns
        WHERE column_name = 'traversalIds' AND table_schema = current_schema() ORDER BY table_name`,
    )
    expect(rows).toEqual(TABLES.map((t) => ({ table_name: t, collation_name: 'C' })))
  })

  it('a range holds exactly the rows whose traversal ids start with the prefix', async () => {
    const top = await createGroup()
    const sub = await createGroup({ parent: top.id })
    const project = await api('POST', '/projects', { json: { name: unique('p'), namespace_id: sub.id } })
    expect(project.status).toBe(201)
    const db = await getDb()
    const all = await db.namespace.findMany({ select: { id: true, traversalIds: true } })
    const allProjects = await db.project.findMany({ select: { id: true, traversalIds: true } })
    for (const prefix of new Set(all.map((n) => n.traversalIds))) {
      const inRange = await db.namespace.findMany({
        where: { traversalIds: prefixRange(prefix) },
        select: { id: true },
      })
      const expected = all.filter((n) => n.traversalIds.startsWith(prefix)).map((n) => n.id)
      expect(
        inRange.map((n) => n.id).sort((a, b) => a - b),
        prefix,
      ).toEqual(expected.sort((a, b) => a - b))
      const projects = await db.project.findMany({ where: { traversalIds: prefixRange(prefix) }, select: { id: true } })
      const expectedProjects = allProjects.filter((p) => p.traversalIds.startsWith(prefix)).map((p) => p.id)
      expect(
        projects.map((p) => p.id).sort((a, b) => a - b),
        prefix,
      ).toEqual(expectedProjects.sort((a, b) => a - b))
    }
    const topRow = all.find((n) => n.id === top.id)!
    const under = await db.project.findMany({ where: { traversalIds: prefixRange(topRow.traversalIds) } })
    expect(under.map((p) => p.id)).toContain(project.body.id)
  })

  it('no tree query in lib/ is a prefix LIKE any more', () => {
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name)
        if (e.isDirectory()) walk(p)
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) {
          const text = readFileSync(p, 'utf8')
          if (/traversalIds:\s*\{\s*startsWith/.test(text) || /"traversalIds"\s+LIKE/.test(text)) offenders.push(p)
        }
      }
    }
    walk('lib')
    expect(offenders).toEqual([])
  })
})
