// SSH keys listed and deleted by whose they are (lib/users/credential-holders): the enterprise
// credentials inventory of a top-level group.
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { getDb, type Prisma } from '../db'
import { holdersWhere, type CredentialHolders } from '../users/credential-holders'

export interface KeyDateFilters {
  created_before?: Date
  created_after?: Date
  expires_before?: Date
  expires_after?: Date
}

/** Newest first. */
export async function listKeysHeldBy(holders: CredentialHolders, filters: KeyDateFilters, window: PageWindow) {
  const db = await getDb()
  const and: Prisma.SshKeyWhereInput[] = [{ user: holdersWhere(holders) }]
  if (filters.created_before) and.push({ createdAt: { lt: filters.created_before } })
  if (filters.created_after) and.push({ createdAt: { gt: filters.created_after } })
  if (filters.expires_before) and.push({ expiresAt: { lt: filters.expires_before } })
  if (filters.expires_after) and.push({ expiresAt: { gt: filters.expires_after } })
  const where = { AND: and }
  return offsetList(
    'sshKey',
    where,
    window,
    db.sshKey.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: window.skip,
      take: window.take,
    }),
  )
}

/** False when the key does not exist or is not theirs. */
export async function deleteKeyHeldBy(holders: CredentialHolders, keyId: number): Promise<boolean> {
  const done = await (await getDb()).sshKey.deleteMany({ where: { id: keyId, user: holdersWhere(holders) } })
  return done.count > 0
}
