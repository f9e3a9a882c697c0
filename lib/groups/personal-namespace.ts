// A user's personal namespace, written in the same transaction as the user (the Namespace table is
// lib/groups's): users and access-tokens' bot users get one. Only lib/db below, so any domain can call it.
import type { Namespace, Prisma } from '../db'

/** Every GitLab user owns a personal namespace named after them, bots included; the caller claims the path first (routes' claimPath). */
export async function createPersonalNamespace(
  tx: Prisma.TransactionClient,
  owner: { id: number; username: string; name: string },
): Promise<Namespace> {
  const ns = await tx.namespace.create({
    data: {
      kind: 'user',
      name: owner.name,
      path: owner.username,
      fullPath: owner.username,
      fullPathLower: owner.username.toLowerCase(),
      fullName: owner.name,
      traversalIds: '',
      ownerId: owner.id,
    },
  })
  // The id is known only after the insert.
  return tx.namespace.update({ where: { id: ns.id }, data: { traversalIds: `${ns.id}/` } })
}
