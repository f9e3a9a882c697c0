// Deleting projects in bulk inside another domain's transaction (a group's deletion takes its projects along).
import type { Prisma } from '../db'
import { deleteProjectRefs } from '../repository/write'

export async function projectIdsInNamespaces(
  tx: Prisma.TransactionClient,
  namespaceIds: readonly number[],
): Promise<number[]> {
  const rows = await tx.project.findMany({ where: { namespaceId: { in: [...namespaceIds] } }, select: { id: true } })
  return rows.map((p) => p.id)
}

/** The projects' rows with their repositories (commits and blobs cascade; refs go first). Their subject rows (members, …) are the caller's: deleteSubjectRows. */
export async function deleteProjects(tx: Prisma.TransactionClient, projectIds: readonly number[]): Promise<void> {
  // A group without projects (most deletions) sends no statement: each is a round trip inside the
  // deleting transaction, which holds its locks meanwhile.
  if (!projectIds.length) return
  await deleteProjectRefs(tx, projectIds)
  await tx.project.deleteMany({ where: { id: { in: [...projectIds] } } })
}
