// Deleting a group or project leaves no row pointing at it: neither in the tables that name their
// owner by (type, id) (the schema's @owner columns, lib/db/polymorphic-cleanup.ts) nor in tables
// with a foreign key to Namespace or Project. Both lists come from the model map, so a new table
// is covered (or, for @owner tables, this test demands a fixture for it).
import { beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { getDb } from '../../lib/db'
import { models, type ModelName } from '../../lib/db/model-map'
import { ownerReferences, type OwnerReference } from '../../lib/db/polymorphic-cleanup'
import { api, createGroup, createUser, unique } from '../helpers'

type Delegate = { create: (a: { data: object }) => Promise<unknown>; count: (a: { where: object }) => Promise<number> }
const delegate = async (model: ModelName): Promise<Delegate> => {
  const d = ((await getDb()) as unknown as Record<string, Delegate | undefined>)[
    model.charAt(0).toLowerCase() + model.slice(1)
  ]
  if (!d) throw new Error(`no delegate for ${model}`)
  return d
}

// One row per @owner table, owned by (type value, id).
const FIXTURES: Record<string, (type: string, id: number, userId: number) => object> = {
  RedirectRoute: (sourceType, sourceId) => ({ sourceType, sourceId, pathLower: unique('old-path') }),
  Member: (sourceType, sourceId, userId) => ({ sourceType, sourceId, userId, accessLevel: 30 }),
  Invitation: (sourceType, sourceId) => ({
    sourceType,
    sourceId,
    email: `${unique('inv')}@example.com`,
    emailLower: `${unique('inv')}@example.com`,
    accessLevel: 30,
    tokenDigest: randomBytes(16).toString('hex'),
  }),
  MemberApproval: (sourceType, sourceId, userId) => ({ sourceType, sourceId, userId, accessLevel: 30 }),
  AccessRequest: (sourceType, sourceId, userId) => ({ sourceType, sourceId, userId }),
  CustomAttribute: (subjectType, subjectId) => ({ subjectType, subjectId, key: unique('k'), value: 'v' }),
  RelationExport: (portableType, portableId) => ({ portableType, portableId, relation: unique('rel') }),
  // An actor gate needs its flag (a foreign key): created with it.
  FeatureFlagActor: (actorType, actorId) => ({
    actorType,
    actorId,
    flag: { create: { name: unique('flag'), enabled: false } },
  }),
}

const valueFor = (ref: OwnerReference, model: 'Namespace' | 'Project') =>
  Object.entries(ref.values).find(([, m]) => m === model)![0]
const ownedWhere = (ref: OwnerReference, model: 'Namespace' | 'Project', ids: number[]) => ({
  [ref.typeField]: valueFor(ref, model),
  [ref.idField]: { in: ids },
})

/** Rows still pointing at the given namespaces/projects, per table (only tables with some). */
async function leftovers(namespaceIds: number[], projectIds: number[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  const add = (name: string, n: number) => n && (out[name] = (out[name] ?? 0) + n)
  for (const ref of ownerReferences()) {
    const d = await delegate(ref.model)
    add(
      `${ref.model}.${ref.idField}`,
      await d.count({
        where: { OR: [ownedWhere(ref, 'Namespace', namespaceIds), ownedWhere(ref, 'Project', projectIds)] },
      }),
    )
  }
  for (const m of models()) {
    for (const f of Object.values(m.fields)) {
      if (f.kind !== 'object' || !f.relationFromFields?.length || (f.type !== 'Namespace' && f.type !== 'Project'))
        continue
      const ids = f.type === 'Namespace' ? namespaceIds : projectIds
      const [column] = f.relationFromFields
      if (!column) continue
      add(`${m.name}.${column}`, await (await delegate(m.name)).count({ where: { [column]: { in: ids } } }))
    }
  }
  return out
}

describe('deleting a group or project', () => {
  let userId: number
  let top: number
  let sub: number
  let project: number
  let sibling: number

  beforeAll(async () => {
    userId = (await createUser()).id
    top = (await createGroup()).id
    sub = (await createGroup({ parent: top })).id
    const mk = async (ns: number) => {
      const name = unique('owned')
      const res = await api('POST', '/projects', { json: { name, path: name, namespace_id: ns } })
      expect(res.status).toBe(201)
      return res.body.id as number
    }
    project = await mk(sub)
    sibling = await mk(top)
    const refs = ownerReferences()
    expect(refs.map((r) => r.model).filter((m) => !FIXTURES[m])).toEqual([]) // a new @owner table needs a fixture here
    for (const ref of refs) {
      const d = await delegate(ref.model)
      const fixture = FIXTURES[ref.model]
      if (!fixture) continue
      for (const id of [top, sub]) await d.create({ data: fixture(valueFor(ref, 'Namespace'), id, userId) })
      for (const id of [project, sibling]) await d.create({ data: fixture(valueFor(ref, 'Project'), id, userId) })
    }
    const db = await getDb()
    await db.identity.create({ data: { userId, groupId: top, externUid: unique('uid') } })
    await db.samlGroupLink.create({ data: { groupId: top, samlGroupName: unique('saml'), accessLevel: 30 } })
  })

  it('a project takes its own rows and nothing of its group', async () => {
    const before = await leftovers([], [project])
    for (const ref of ownerReferences()) expect(before[`${ref.model}.${ref.idField}`], ref.model).toBe(1)
    const others = await leftovers([top, sub], [sibling])
    expect((await api('DELETE', `/projects/${project}`)).status).toBe(202)
    expect(await leftovers([], [project])).toEqual({})
    expect(await leftovers([top, sub], [sibling])).toEqual({
      ...others,
      'Project.namespaceId': (others['Project.namespaceId'] ?? 0) - 1,
    }) // the project itself
  })

  it('a group takes every row of its tree: owner columns and foreign keys alike', async () => {
    const before = await leftovers([top, sub], [sibling])
    expect(before['Identity.groupId']).toBe(1)
    expect(before['SamlGroupLink.groupId']).toBe(1)
    expect(before['Project.namespaceId']).toBe(1)
    expect((await api('DELETE', `/groups/${top}`)).status).toBe(202)
    expect(await leftovers([top, sub], [sibling])).toEqual({})
  })
})
