// Enterprise users' ownership column (the User table is lib/users's): set by the enterprise domain,
// which checks the group first and forgets cached users after. Only lib/db below.
import { getDb } from '../db'

/** Marks one non-bot user as owned by a group, or releases them with null; false when there is no such user. */
export async function setEnterpriseGroupOf(userId: number, groupId: number | null): Promise<boolean> {
  const done = await (
    await getDb()
  ).user.updateMany({ where: { id: userId, bot: false }, data: { enterpriseGroupId: groupId } })
  return done.count > 0
}

/** Every confirmed, not yet claimed, non-bot user whose e-mail is in the domain becomes the group's; returns how many. */
export async function claimUsersOfEmailDomain(groupId: number, domain: string): Promise<number> {
  const done = await (
    await getDb()
  ).user.updateMany({
    where: {
      bot: false,
      enterpriseGroupId: null,
      confirmedAt: { not: null },
      emailLower: { endsWith: `@${domain.toLowerCase()}` },
    },
    data: { enterpriseGroupId: groupId },
  })
  return done.count
}
