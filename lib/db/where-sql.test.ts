import { describe, expect, it } from 'vitest'
import { orderToSql, Unsupported, whereToSql } from './where-sql'

const cols = new Map(['id', 'name', 'visibility', 'traversalIds', 'archived', 'createdAt'].map((c) => [c, c]))

describe('whereToSql', () => {
  it('renders nested AND/OR with bound parameters', () => {
    const r = whereToSql(
      {
        AND: [
          { OR: [{ visibility: { in: ['public', 'internal'] } }, { traversalIds: { startsWith: '1/5_/' } }] },
          { archived: false },
        ],
      },
      cols,
      'sqlite',
    )
    expect(r.sql).toBe(`(("visibility" IN (?, ?) OR "traversalIds" LIKE ? ESCAPE '\\') AND "archived" = ?)`)
    expect(r.params).toEqual(['public', 'internal', '1/5\\_/%', 0])
  })
  it('numbers PostgreSQL parameters and uses ILIKE for insensitive contains', () => {
    const r = whereToSql({ name: { contains: '50%', mode: 'insensitive' }, id: { gt: 3 } }, cols, 'postgresql')
    expect(r.sql).toBe(`"name" ILIKE $1 ESCAPE '\\' AND "id" > $2`)
    expect(r.params).toEqual(['%50\\%%', 3])
  })
  it('binds dates as SQLite stores them and handles empty lists', () => {
    const r = whereToSql({ createdAt: { lt: new Date('2024-01-02T03:04:05.678Z') }, id: { in: [] } }, cols, 'sqlite')
    expect(r.params).toEqual(['2024-01-02T03:04:05.678+00:00'])
    expect(r.sql).toBe('"createdAt" < ? AND 1 = 0')
  })
  it('refuses unknown columns, relations and operators', () => {
    expect(() => whereToSql({ 'x" OR 1=1 --': 1 }, cols, 'sqlite')).toThrow(Unsupported)
    expect(() => whereToSql({ name: { search: 'x' } }, cols, 'sqlite')).toThrow(Unsupported)
    expect(() => orderToSql([{ name: 'sideways' as 'asc' }], cols)).toThrow(Unsupported)
  })
  it('names columns by their database names and negates nested conditions', () => {
    const mapped = new Map([
      ['id', 'id'],
      ['fullPath', 'full_path'],
    ])
    const r = whereToSql({ fullPath: { not: { in: ['a', 'b'] } }, id: { not: 3 } }, mapped, 'postgresql')
    expect(r.sql).toBe('NOT ("full_path" IN ($1, $2)) AND "id" <> $3')
    expect(r.params).toEqual(['a', 'b', 3])
    expect(orderToSql({ fullPath: 'asc' }, mapped)).toBe('"full_path" ASC')
  })
  it('renders order lists', () => {
    expect(orderToSql([{ createdAt: 'desc' }, { id: 'desc' }], cols)).toBe('"createdAt" DESC, "id" DESC')
  })
})
