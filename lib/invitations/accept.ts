// Turning invitations into memberships: automatically when an account with the invited (confirmed)
// e-mail is created or signs in, and through the e-mail's link by whoever is signed in (as GitLab
// lets the signed-in user accept). The invitation row goes away in the same transaction.
import { notFound } from '../api/errors'
import type { ActorUser } from '../auth/actor'
import { digestToken } from '../auth/token-digest'
import { getDb, type Prisma } from '../db'
import type { Invitation } from '../db'
import { grantMembership } from '../members/service'
import { sourceInfo, type SourceInfo } from '../member-approvals/sources'

interface Invitee {
  id: number
  emailLower: string
  confirmedAt: Date | null
}

async function acceptAll(tx: Prisma.TransactionClient, invitations: Invitation[], userId: number) {
  for (const i of invitations) {
    await grantMembership(tx, {
      sourceType: i.sourceType,
      sourceId: i.sourceId,
      userId,
      accessLevel: i.accessLevel,
      expiresAt: i.expiresAt,
      createdById: i.createdById,
    })
    await tx.invitation.delete({ where: { id: i.id } })
  }
}

/** Inside the transaction that creates the user (lib/users/service.ts). */
export async function acceptInvitationsInTx(tx: Prisma.TransactionClient, user: Invitee): Promise<number> {
  if (!user.confirmedAt) return 0
  const invitations = await tx.invitation.findMany({ where: { emailLower: user.emailLower } })
  await acceptAll(tx, invitations, user.id)
  return invitations.length
}

/** On sign-in: one indexed read when there is nothing to accept. */
export async function acceptPendingInvitations(user: Invitee): Promise<number> {
  if (!user.confirmedAt) return 0
  const db = await getDb()
  if (!(await db.invitation.findFirst({ where: { emailLower: user.emailLower }, select: { id: true } }))) return 0
  const n = await db.$transaction((tx) => acceptInvitationsInTx(tx, user))
  return n
}

export interface InvitationByToken {
  invitation: Invitation
  source: SourceInfo
}

export async function findInvitationByToken(token: string): Promise<InvitationByToken> {
  const db = await getDb()
  const invitation = await db.invitation.findUnique({ where: { tokenDigest: digestToken(token) } })
  const source = invitation && (await sourceInfo(invitation.sourceType, invitation.sourceId))
  if (!invitation || !source) throw notFound('Invitation')
  return { invitation, source }
}

export async function acceptInvitationByToken(user: ActorUser, token: string): Promise<InvitationByToken> {
  const found = await findInvitationByToken(token)
  const db = await getDb()
  await db.$transaction(async (tx) => {
    // Whoever reaches the row first accepts it; a second click finds nothing (404).
    const gone = await tx.invitation.deleteMany({ where: { id: found.invitation.id } })
    if (!gone.count) throw notFound('Invitation')
    const i = found.invitation
    await grantMembership(tx, {
      sourceType: i.sourceType,
      sourceId: i.sourceId,
      userId: user.id,
      accessLevel: i.accessLevel,
      expiresAt: i.expiresAt,
      createdById: i.createdById,
    })
  })
  return found
}
