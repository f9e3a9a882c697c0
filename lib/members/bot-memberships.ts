// The membership of a group/project access token's bot, written inside the access-tokens domain's
// transactions (the Member table is lib/members's). Only lib/db below, so any domain can call them;
// the caller forgets the user's cached memberships after commit.
import type { Member, Prisma } from '../db'
import type { MemberSource } from './source'

/** A new bot is a direct member at its token's level; it has no membership to merge with. */
export async function addBotMembership(
  tx: Prisma.TransactionClient,
  source: Pick<MemberSource, 'sourceType' | 'id'>,
  row: { userId: number; accessLevel: number; createdById: number },
): Promise<Member> {
  return tx.member.create({ data: { sourceType: source.sourceType, sourceId: source.id, ...row } })
}

/** A retired bot leaves every group and project it was a member of. */
export async function endMembershipsOf(tx: Prisma.TransactionClient, userId: number): Promise<void> {
  await tx.member.deleteMany({ where: { userId } })
}
