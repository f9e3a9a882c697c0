import { describe, expect, it } from 'vitest'
import { models } from './model-map'
import { userReferences } from './user-references'

// Columns that hold a user's id by their name: userId, authorId, ownerId, creatorId, createdById, …
const NAMES_A_USER = /^(user|author|owner|creator|[a-z]+By)Id$/

describe('user references from the schema', () => {
  it("reads the @user doc comments, the hard_delete action defaulting to the plain one's", () => {
    const refs = userReferences()
    const of = (model: string, field: string) => refs.find((r) => r.model === model && r.field === field)
    expect(of('Issue', 'authorId')).toEqual({ model: 'Issue', field: 'authorId', soft: 'ghost', hard: 'delete' })
    expect(of('Pipeline', 'userId')).toMatchObject({ soft: 'ghost', hard: 'nullify' })
    expect(of('TermsAcceptance', 'userId')).toMatchObject({ soft: 'delete', hard: 'delete' })
    expect(of('ApplicationSettingChange', 'userId')).toMatchObject({ soft: 'keep', hard: 'keep' })
  })

  it('knows every column that names a user: a foreign key to User or a @user comment', () => {
    const annotated = new Set(userReferences().map((r) => `${r.model}.${r.field}`))
    const unmarked = models().flatMap((m) => {
      const foreignKeys = new Set(
        Object.values(m.fields)
          .filter((f) => f.kind === 'object' && f.type === 'User')
          .flatMap((f) => f.relationFromFields ?? []),
      )
      return Object.entries(m.fields)
        .filter(([name, f]) => f.kind === 'scalar' && NAMES_A_USER.test(name) && !foreignKeys.has(name))
        .map(([name]) => `${m.name}.${name}`)
        .filter((name) => !annotated.has(name))
    })
    expect(unmarked).toEqual([])
  })

  it('nulls only optional columns', () => {
    const fieldsOf = new Map(models().map((m) => [m.name as string, m.fields]))
    const required = userReferences()
      .filter((r) => r.soft === 'nullify' || r.hard === 'nullify')
      .filter((r) => fieldsOf.get(r.model)?.[r.field]?.isRequired)
    expect(required).toEqual([])
  })
})
