// Whose credentials a list covers, as User filters the tokens and SSH-key domains put into their
// queries (the User table is lib/users's): the bots of one group or project, the bots anywhere in a
// group tree, or a top-level group's enterprise users. Only lib/db below, so any domain can call it.
import { getDb, type Prisma } from '../db'

/** A group and everything below it, by id (bots belong to a group or a project somewhere in it). */
export interface TreeIds {
  namespaceIds: number[]
  projectIds: number[]
}

export type CredentialHolders =
  /** GitLab's `resource.bots`: bot users that are members of this very group or project. */
  | { botsOf: { sourceType: string; sourceId: number } }
  /** Bot users of group/project access tokens anywhere in the tree (their membership may have ended). */
  | { botsIn: TreeIds }
  /** The users whose credentials a top-level group's owners manage. */
  | { enterpriseUsersOf: number }

export type BotHolders = Exclude<CredentialHolders, { enterpriseUsersOf: number }>

const botsIn = (tree: TreeIds): Prisma.UserWhereInput => ({
  bot: true,
  OR: [
    { botResourceType: 'Namespace', botResourceId: { in: tree.namespaceIds } },
    { botResourceType: 'Project', botResourceId: { in: tree.projectIds } },
  ],
})

const enterpriseUsersOf = (groupId: number): Prisma.UserWhereInput => ({ enterpriseGroupId: groupId, bot: false })

export function holdersWhere(holders: CredentialHolders): Prisma.UserWhereInput {
  if ('botsOf' in holders) return { bot: true, memberships: { some: holders.botsOf } }
  if ('botsIn' in holders) return botsIn(holders.botsIn)
  return enterpriseUsersOf(holders.enterpriseUsersOf)
}

/**
 * Whether a token's owner belongs to a top-level group for revocation by value: a member anywhere in
 * its tree (bots included), a bot of the tree whose membership already ended with its token, or one
 * of the group's enterprise users.
 */
export async function holdsCredentialsIn(userId: number, groupId: number, tree: TreeIds): Promise<boolean> {
  const membershipIn: Prisma.MemberWhereInput = {
    OR: [
      { sourceType: 'Namespace', sourceId: { in: tree.namespaceIds } },
      { sourceType: 'Project', sourceId: { in: tree.projectIds } },
    ],
  }
  const owner = await (
    await getDb()
  ).user.findFirst({
    where: { id: userId, OR: [{ memberships: { some: membershipIn } }, botsIn(tree), enterpriseUsersOf(groupId)] },
    select: { id: true },
  })
  return !!owner
}
