import { describe, expect, it } from 'vitest'
import { models } from './model-map'
import { ownerReferences } from './polymorphic-cleanup'

describe('owner references from the schema', () => {
  it('reads the @owner doc comments, with stored values mapped to models', () => {
    const refs = ownerReferences()
    expect(refs.find((r) => r.model === 'Member')).toEqual({
      model: 'Member',
      typeField: 'sourceType',
      idField: 'sourceId',
      values: { Namespace: 'Namespace', Project: 'Project' },
    })
    expect(refs.find((r) => r.model === 'RelationExport')?.values).toEqual({ Group: 'Namespace', Project: 'Project' })
    expect(refs.map((r) => r.model).sort()).toEqual([
      'AccessRequest',
      'CustomAttribute',
      'FeatureFlagActor',
      'Invitation',
      'Member',
      'MemberApproval',
      'RedirectRoute',
      'RelationExport',
    ])
  })

  it('knows every (type, id) column pair: a new one must say whether rows go with their owner', () => {
    const unmarked = models().flatMap((m) =>
      Object.entries(m.fields)
        .filter(([name, f]) => f.kind === 'scalar' && name.endsWith('Type') && m.fields[`${name.slice(0, -4)}Id`])
        .map(([name]) => `${name.slice(0, -4)}Id`)
        .filter((id) => !/@(owner\(|notOwner)/.test(m.fields[id]?.documentation ?? ''))
        .map((id) => `${m.name}.${id}`),
    )
    expect(unmarked).toEqual([])
  })

  it('declares the SAML rows as foreign keys that cascade with their group', () => {
    for (const name of ['Identity', 'SamlGroupLink'] as const) {
      const group = models().find((m) => m.name === name)!.fields.group
      expect(group).toMatchObject({
        kind: 'object',
        type: 'Namespace',
        relationFromFields: ['groupId'],
        relationOnDelete: 'Cascade',
      })
    }
  })
})
