// Rows that point at their owner by (type, id) rather than a foreign key — memberships, redirects,
// invitations, promotion and access requests, custom attributes, relation exports — so the
// database cannot cascade them. Which they are is read from the schema: the id column carries a
// `/// @owner(<type column>: <Value>[=<Model>] | …)` doc comment (model-map.ts). Everything with a
// plain owner id (SAML identities and group links, shares, runners, variables, …) is a foreign key
// with onDelete: Cascade instead. Deleting groups or projects calls this inside its transaction.
import type { Prisma } from './index'
import { must } from '../util/defined'
import { models, type ModelName } from './model-map'

export interface OwnerReference {
  model: ModelName
  typeField: string
  idField: string
  /** Value stored in the type column → the owning model. */
  values: Record<string, string>
}

const OWNER = /@owner\((\w+):([^)]*)\)/

/** Every (type, id) owner reference the schema declares. */
export function ownerReferences(): OwnerReference[] {
  return models().flatMap((m) =>
    Object.entries(m.fields).flatMap(([idField, f]) => {
      const match = f.documentation ? OWNER.exec(f.documentation) : null
      const [, typeField, list] = match ?? []
      if (!typeField || list === undefined) return []
      const values = Object.fromEntries(
        list.split('|').map((v): [string, string] => {
          const [value = '', model = value] = v.trim().split('=')
          return [value, model]
        }),
      )
      return [{ model: m.name, typeField, idField, values }]
    }),
  )
}

const delegateOf = (tx: Prisma.TransactionClient, model: ModelName) =>
  (tx as unknown as Record<string, { deleteMany: (args: { where: object }) => Promise<unknown> }>)[
    model.charAt(0).toLowerCase() + model.slice(1)
  ]

/** The rows that go with these groups, projects and users (a deleted user's custom attributes). */
export async function deleteSubjectRows(
  tx: Prisma.TransactionClient,
  namespaceIds: number[],
  projectIds: number[],
  userIds: number[] = [],
): Promise<void> {
  const idsOf: Record<string, number[]> = { Namespace: namespaceIds, Project: projectIds, User: userIds }
  for (const ref of ownerReferences()) {
    const owned = Object.entries(ref.values)
      .filter(([, model]) => idsOf[model]?.length)
      .map(([value, model]) => ({ [ref.typeField]: value, [ref.idField]: { in: idsOf[model] } }))
    if (owned.length)
      await must(delegateOf(tx, ref.model), `delegate of ${ref.model}`).deleteMany({ where: { OR: owned } })
  }
}
