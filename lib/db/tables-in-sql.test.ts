import { sqltag as sql, raw } from '@prisma/client/runtime/client'
import { describe, expect, it } from 'vitest'
import { tablesInSql } from './model-map'

describe('tablesInSql', () => {
  it('names the quoted tables of a statement, not its columns or aliases', () => {
    const q = sql`SELECT DISTINCT l."id" AS id FROM "Member" m JOIN "Namespace" n ON n."id" = m."sourceId"
      JOIN ${raw('"GroupGroupLink"')} l ON l."sharedWithGroupId" = n."id" WHERE m."userId" = ${1}`
    expect([...(tablesInSql(q.strings.join('?')) ?? [])].sort()).toEqual(['GroupGroupLink', 'Member', 'Namespace'])
  })

  it('is unsure (every table) when a quoted name is no table, or none is named', () => {
    expect(tablesInSql('SELECT * FROM "_SomeJoinTable" j JOIN "Member" m ON m."id" = j."A"')).toBeUndefined()
    expect(tablesInSql('SELECT "NotATable"."id" FROM x')).toBeUndefined()
    expect(tablesInSql('SELECT 1')).toBeUndefined()
    expect(tablesInSql("SELECT name FROM sqlite_master WHERE type = 'table'")).toBeUndefined()
  })
})
