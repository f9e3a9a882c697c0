// Bot users of group/project access tokens, written inside the access-tokens domain's transactions
// (the User table is lib/users's). Only lib/db below, so any domain can call them.
import type { Prisma, User } from '../db'

export interface BotUserInput {
  username: string
  email: string
  name: string
  resourceType: string
  resourceId: number
  external: boolean
}

/** A confirmed bot account that never signs in with a password and creates nothing of its own. */
export async function insertBotUser(tx: Prisma.TransactionClient, bot: BotUserInput): Promise<User> {
  return tx.user.create({
    data: {
      username: bot.username,
      usernameLower: bot.username.toLowerCase(),
      email: bot.email,
      emailLower: bot.email.toLowerCase(),
      name: bot.name,
      passwordHash: null, // bots never sign in with a password
      bot: true,
      botResourceType: bot.resourceType,
      botResourceId: bot.resourceId,
      external: bot.external,
      canCreateGroup: false,
      projectsLimit: 0,
      confirmedAt: new Date(),
    },
  })
}

/** Blocks a user in the caller's transaction; the caller forgets the cached user after commit. */
export async function blockUserIn(tx: Prisma.TransactionClient, userId: number): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { state: 'blocked' } })
}
