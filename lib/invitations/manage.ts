// Pending invitations of a source: list (query = exact e-mail), change level/expiry, revoke.
import { badRequest, conflict, forbidden, notFound, validation } from '../api/errors'
import { offsetPage, withItems, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { getDb, type Prisma } from '../db'
import type { Invitation } from '../db'
import type { MemberSource } from '../members/source'
import { invitationEntity, invitedMemberEntity } from './entity'
import type { ListInvitationsParams, UpdateInvitationParams } from './schema'
import { checkOwnerGrant, requireInviter } from './service'
import { invitationMail, newInviteToken, sendInvitationMails } from './mail'
import { sourceInfo } from '../member-approvals/sources'
import { digestToken } from '../auth/token-digest'
import { userById, usersByEmails, usersByIds } from '../users/find'

const of = (s: MemberSource): Prisma.InvitationWhereInput => ({ sourceType: s.sourceType, sourceId: s.id })

export async function listInvitations(
  actor: Actor,
  source: MemberSource,
  params: ListInvitationsParams,
  window: PageWindow,
) {
  await requireInviter(actor, source)
  const db = await getDb()
  const where: Prisma.InvitationWhereInput = {
    ...of(source),
    ...(params.query ? { emailLower: params.query.toLowerCase() } : {}),
  }
  const { items: rows, total } = await offsetList(
    'invitation',
    where,
    window,
    db.invitation.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
  // Matching accounts and inviters for the whole page in two queries.
  const emails = [...new Set(rows.map((r) => r.emailLower))]
  const creators = [...new Set(rows.map((r) => r.createdById).filter((x): x is number => x !== null))]
  const [matching, inviters] = await Promise.all([usersByEmails(emails), usersByIds(creators)])
  const byEmail = new Map(matching.map((u) => [u.emailLower, u]))
  const byId = new Map(inviters.map((u) => [u.id, u]))
  const page = offsetPage(rows, total, window)
  return withItems(
    page,
    rows.map((r) =>
      invitationEntity(r, byEmail.get(r.emailLower) ?? null, r.createdById ? (byId.get(r.createdById) ?? null) : null),
    ),
  )
}

async function findInvitation(source: MemberSource, email: string): Promise<Invitation> {
  const db = await getDb()
  const found = await db.invitation.findUnique({
    where: {
      sourceType_sourceId_emailLower: {
        sourceType: source.sourceType,
        sourceId: source.id,
        emailLower: email.toLowerCase(),
      },
    },
  })
  if (!found) throw notFound()
  return found
}

export async function updateInvitation(actor: Actor, source: MemberSource, params: UpdateInvitationParams) {
  const own = await requireInviter(actor, source)
  const invitation = await findInvitation(source, params.email)
  if (params.access_level === undefined && params.expires_at === undefined) throw badRequest()
  if (params.access_level !== undefined) {
    checkOwnerGrant(source, params.access_level, own)
    if (params.access_level > own) throw forbidden()
  }
  if (params.expires_at && params.expires_at.getTime() < new Date(new Date().toISOString().slice(0, 10)).getTime())
    throw validation({ expires_at: ['cannot be a date in the past'] })
  const db = await getDb()
  const updated = await db.invitation.update({
    where: { id: invitation.id },
    data: {
      ...(params.access_level !== undefined ? { accessLevel: params.access_level } : {}),
      ...(params.expires_at !== undefined ? { expiresAt: params.expires_at } : {}),
    },
  })
  const creator = updated.createdById ? await userById(updated.createdById) : null
  return invitedMemberEntity(updated, creator)
}

export async function deleteInvitation(actor: Actor, source: MemberSource, email: string) {
  await requireInviter(actor, source)
  const invitation = await findInvitation(source, email)
  const db = await getDb()
  // Accepted or revoked in the meantime: the request was valid but could not be carried out.
  const { count } = await db.invitation.deleteMany({ where: { id: invitation.id } })
  if (!count) throw conflict()
}

/**
 * Sends the accept e-mail again (GitLab's "Resend invite" on the members page; its REST API has
 * none). The link gets a new token, as GitLab's Member#resend_invite regenerates it: the old
 * link stops working.
 */
export async function resendInvitation(actor: Actor, source: MemberSource, email: string) {
  await requireInviter(actor, source)
  const invitation = await findInvitation(source, email)
  const token = newInviteToken()
  const db = await getDb()
  await db.invitation.update({ where: { id: invitation.id }, data: { tokenDigest: digestToken(token) } })
  const info = await sourceInfo(source.sourceType, source.id)
  if (info)
    await sendInvitationMails([
      invitationMail(invitation.email, token, info, actor.user.name, invitation.accessLevel, invitation.expiresAt),
    ])
  return { status: 'success' as const }
}
