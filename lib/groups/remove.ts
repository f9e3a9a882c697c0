// Deleting namespace trees inside the caller's transaction: a group with its subgroups, or a user's
// personal namespace, each with its projects, memberships and redirects. The caller removes the
// avatar files it gets back after its commit (a rolled-back delete must not lose them) and forgets
// cached namespaces and memberships. Only lib/db, projects' and routes' row functions below.
import { prefixRange, type Prisma } from '../db'
import { deleteSubjectRows } from '../db/polymorphic-cleanup'
import { deleteProjects, projectIdsInNamespaces } from '../projects/remove'

type Tx = Prisma.TransactionClient

/**
 * Deletes the namespace whose traversalIds is `root` and everything below it (only what is below
 * it with `keepRoot`); returns the avatar paths to remove.
 */
export async function deleteNamespaceTreeIn(
  tx: Tx,
  root: { traversalIds: string },
  { keepRoot = false } = {},
): Promise<(string | null)[]> {
  const tree = await tx.namespace.findMany({
    where: {
      traversalIds: prefixRange(root.traversalIds),
      ...(keepRoot ? { NOT: { traversalIds: root.traversalIds } } : {}),
    },
    select: { id: true, traversalIds: true, avatarPath: true },
  })
  const nsIds = tree.map((n) => n.id)
  const projectIds = await projectIdsInNamespaces(tx, nsIds)
  await deleteSubjectRows(tx, nsIds, projectIds)
  await deleteProjects(tx, projectIds)
  // Deepest first: parent links are RESTRICT. deleteMany, not delete: on PostgreSQL two deletions of
  // one tree can both read it before either commits; the second then waits for the first's locks and
  // finds the rows gone, which is the outcome it asked for, not an error (delete threw P2025: a 500).
  for (const n of tree.sort((a, b) => b.traversalIds.length - a.traversalIds.length))
    await tx.namespace.deleteMany({ where: { id: n.id } })
  return tree.map((n) => n.avatarPath)
}

/** A user's personal namespace with its projects, if there is one. */
export async function deletePersonalNamespaceIn(tx: Tx, userId: number): Promise<(string | null)[]> {
  const ns = await tx.namespace.findUnique({ where: { ownerId: userId }, select: { traversalIds: true } })
  return ns ? deleteNamespaceTreeIn(tx, ns) : []
}
