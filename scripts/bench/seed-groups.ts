// The groups part of the bench data: 10,000 groups in a tree five levels deep under one public
// top-level group (1 + 10 + 100 + 1,000 + 8,889), every third group below the top `internal` or
// `private` (children never more visible than their parent, as GitLab requires), and a regular
// user with a token who is a Developer of the top group, so the authenticated list is the
// membership-filtered query rather than the administrator's.
import { digestToken } from '../../lib/auth/token-digest'
import type { Prisma } from '../../lib/db'

export const BENCH_USER_TOKEN = 'glpat-bench-user-0123456789abcdef'
const LEVELS = [1, 10, 100, 1000, 8889]
const RANK = { private: 0, internal: 10, public: 20 } as const
const VISIBILITIES = ['public', 'internal', 'private'] as const
const DEVELOPER = 30

interface Node {
  id: number
  fullPath: string
  fullName: string
  traversalIds: string
  visibility: string
}

export async function seedGroupTree(tx: Prisma.TransactionClient) {
  let parents: Node[] = []
  for (const [depth, count] of LEVELS.entries()) {
    const data = Array.from({ length: count }, (_, i) => {
      const parent = parents.length ? parents[i % parents.length]! : null
      const path = depth === 0 ? 'tree' : `g${depth}-${String(i).padStart(4, '0')}`
      const own = depth === 0 ? 'public' : VISIBILITIES[i % 3]!
      const visibility = parent && RANK[own] > RANK[parent.visibility as keyof typeof RANK] ? parent.visibility : own
      const fullPath = parent ? `${parent.fullPath}/${path}` : path
      return {
        kind: 'group',
        name: `Tree ${depth}-${i}`,
        path,
        fullPath,
        fullPathLower: fullPath.toLowerCase(),
        fullName: parent ? `${parent.fullName} / Tree ${depth}-${i}` : `Tree ${depth}-${i}`,
        parentId: parent?.id ?? null,
        traversalIds: parent?.traversalIds ?? '',
        visibility,
      }
    })
    const created = await tx.namespace.createManyAndReturn({
      data,
      select: { id: true, fullPath: true, fullName: true, traversalIds: true, visibility: true },
    })
    // traversalIds needs each row's own id: one UPDATE per level appends it.
    for (const n of created) n.traversalIds = `${n.traversalIds}${n.id}/`
    await Promise.all(
      created.map((n) => tx.namespace.update({ where: { id: n.id }, data: { traversalIds: n.traversalIds } })),
    )
    parents = created
  }
  const top = await tx.namespace.findUniqueOrThrow({ where: { fullPathLower: 'tree' } })
  const user = await tx.user.create({
    data: {
      username: 'bench-user',
      usernameLower: 'bench-user',
      email: 'bench-user@example.com',
      emailLower: 'bench-user@example.com',
      name: 'Bench User',
      confirmedAt: new Date(),
    },
  })
  await tx.personalAccessToken.create({
    data: { userId: user.id, name: 'bench', digest: digestToken(BENCH_USER_TOKEN), scopes: 'api' },
  })
  await tx.member.create({
    data: { sourceType: 'Namespace', sourceId: top.id, userId: user.id, accessLevel: DEVELOPER },
  })
  return { treeGroupId: top.id, groups: await tx.namespace.count({ where: { kind: 'group' } }) }
}
