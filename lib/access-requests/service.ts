// Access requests (GitLab's lib/api/access_requests.rb and Members::RequestAccessService /
// ApproveAccessRequestService): a signed-in user who can see a group or project but is not a
// direct member asks to join; those who manage members list, approve (Developer unless told
// otherwise) or deny; the requester may withdraw.
import { forbidden, recordNotFound, validation } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { accessLevel, mayRequestAccess } from '../auth/policy'
import { getDb } from '../db'
import { groupSettings } from '../groups/settings'
import { canManageMembers, type MemberSource } from '../members/source'
import { grantMembership } from '../members/service'
import type { ApproveParams } from './schema'
import { namespaceRow } from '../groups/namespaces'

const DEVELOPER = 30
const of = (s: MemberSource) => ({ sourceType: s.sourceType, sourceId: s.id })

/** GitLab's request_access_enabled: a group setting; projects here always accept requests (GitLab's default). */
async function requestsEnabled(source: MemberSource): Promise<boolean> {
  if (source.sourceType !== 'Namespace') return true
  const g = await namespaceRow(source.id)
  return !!g && groupSettings(g).request_access_enabled
}

export async function requestAccess(actor: Actor, source: MemberSource) {
  if (
    !mayRequestAccess(actor, await accessLevel(actor, source.subject), source.subject) ||
    !(await requestsEnabled(source))
  )
    throw forbidden()
  const db = await getDb()
  const existing = await db.accessRequest.findUnique({
    where: { sourceType_sourceId_userId: { ...of(source), userId: actor.user.id } },
  })
  if (existing) throw validation({ user: ['already exists in source'] })
  return db.accessRequest.create({ data: { ...of(source), userId: actor.user.id }, include: { user: true } })
}

export async function listAccessRequests(actor: Actor, source: MemberSource, window: PageWindow) {
  if (!(await canManageMembers(actor, source))) throw forbidden()
  const db = await getDb()
  const where = of(source)
  return offsetList(
    'accessRequest',
    where,
    window,
    db.accessRequest.findMany({
      where,
      include: { user: true },
      orderBy: { id: 'asc' },
      skip: window.skip,
      take: window.take,
    }),
  )
}

async function findRequest(source: MemberSource, userId: number) {
  const db = await getDb()
  const r = await db.accessRequest.findUnique({
    where: { sourceType_sourceId_userId: { ...of(source), userId } },
    include: { user: true },
  })
  if (!r) throw recordNotFound()
  return r
}

export async function approveAccessRequest(actor: Actor, source: MemberSource, params: ApproveParams) {
  if (!(await canManageMembers(actor, source))) throw forbidden()
  const request = await findRequest(source, params.user_id)
  const db = await getDb()
  const member = await db.$transaction(async (tx) => {
    await tx.accessRequest.delete({ where: { id: request.id } })
    return grantMembership(tx, {
      ...of(source),
      userId: request.userId,
      accessLevel: params.access_level ?? DEVELOPER,
      expiresAt: null,
      createdById: actor.user.id,
    })
  })
  return { ...member, user: request.user }
}

/** Deny (those who manage members) or withdraw (the requester). */
export async function deleteAccessRequest(actor: Actor, source: MemberSource, userId: number) {
  const request = await findRequest(source, userId)
  if (actor.user.id !== userId && !(await canManageMembers(actor, source))) throw forbidden()
  const db = await getDb()
  await db.accessRequest.deleteMany({ where: { id: request.id } })
}
