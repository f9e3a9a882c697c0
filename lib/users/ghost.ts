// GitLab's ghost user (Users::Internal.ghost): an internal user that holds what deleted users
// authored. Made on the first deletion, inside its transaction, under the first free name among
// ghost, ghost1, ghost2 … (as GitLab's unique_internal), with a personal namespace like every user.
import type { Prisma, User } from '../db'
import { createPersonalNamespace } from '../groups/personal-namespace'
import { claimPath, fullPathTaken } from '../routes/service'

const GHOST_BIO =
  'This is a "Ghost User", created to hold all issues authored by users that have since been deleted. This user cannot be removed.'

async function nameFree(tx: Prisma.TransactionClient, username: string, email: string): Promise<boolean> {
  const taken = await tx.user.findFirst({
    where: { OR: [{ usernameLower: username }, { emailLower: email }] },
    select: { id: true },
  })
  return !taken && !(await fullPathTaken(tx, username))
}

export async function ghostUserIn(tx: Prisma.TransactionClient): Promise<User> {
  const existing = await tx.user.findFirst({ where: { ghost: true }, orderBy: { id: 'asc' } })
  if (existing) return existing
  let n = 0
  const name = () => (n ? `ghost${n}` : 'ghost')
  while (!(await nameFree(tx, name(), `${name()}@example.com`))) n++
  const ghost = await tx.user.create({
    data: {
      username: name(),
      usernameLower: name(),
      email: `${name()}@example.com`,
      emailLower: `${name()}@example.com`,
      name: 'Ghost User',
      bio: GHOST_BIO,
      passwordHash: null, // never signs in
      ghost: true,
      projectsLimit: 0,
      canCreateGroup: false,
      confirmedAt: new Date(),
    },
  })
  await claimPath(tx, ghost.username)
  await createPersonalNamespace(tx, ghost)
  return ghost
}
