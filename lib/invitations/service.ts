// POST /:source/:id/invitations: existing users (by id, or by an e-mail that is theirs) become
// members at once (or wait for an administrator under promotion management); e-mails without an
// account become pending invitations with an accept e-mail. One call may mix results: every
// address gets its own error text, GitLab's, under its e-mail or username.
import { conflict, forbidden } from '../api/errors'
import { dbId } from '../api/param-types'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { accessLevel } from '../auth/policy'
import { digestToken } from '../auth/token-digest'
import { getDb, isUniqueViolation } from '../db'
import type { User } from '../db'
import { QUEUED_MESSAGE, queueApproval, usersNeedingApproval } from '../member-approvals/service'
import { grantMembership, inheritedConflicts } from '../members/service'
import { directMemberUserIds } from '../members/rows'
import { canManageMembers, type MemberSource } from '../members/source'
import { setting } from '../settings/service'
import { invitationMail, newInviteToken, sendInvitationMails } from './mail'
import { inviteEmailRestriction } from './restrictions'
import type { CreateInvitationParams } from './schema'
import { sourceInfo } from '../member-approvals/sources'
import { usersByEmails, usersByIds } from '../users/find'

const INVITE_LIMIT = 100
/** Devise.email_regexp: what GitLab's CreatorService takes for an e-mail. */
const DEVISE_EMAIL = /^[^@\s]+@[^@\s]+$/

export interface InviteOutcome {
  status: 'success' | 'error'
  message?: Record<string, string> | string
  queued_users?: Record<string, string>
}

const today = () => new Date(new Date().toISOString().slice(0, 10))

/** 403 unless the actor may manage the source's members (and inviting is not disabled for them). */
export async function requireInviter(actor: Actor, source: MemberSource) {
  if (!(await canManageMembers(actor, source))) throw forbidden()
  return actor.user.admin ? ACCESS.OWNER : accessLevel(actor, source.subject)
}

/** Only owners (or administrators) hand out Owner on a project: GitLab's AccessDeniedError, a 403. */
export function checkOwnerGrant(source: MemberSource, level: number, own: number) {
  if (source.kind === 'projects' && level === ACCESS.OWNER && own < ACCESS.OWNER) throw forbidden()
}

function dedupe(list: string[]) {
  const seen = new Set<string>()
  return list.filter((x) => !seen.has(x.toLowerCase()) && !!seen.add(x.toLowerCase()))
}

interface Target {
  user: User
  key: string
}

export async function inviteMembers(
  actor: Actor,
  source: MemberSource,
  params: CreateInvitationParams,
): Promise<InviteOutcome> {
  if (!actor.user.admin && (await setting<boolean>('disable_invite_members'))) throw forbidden()
  const own = await requireInviter(actor, source)
  const level = params.access_level
  checkOwnerGrant(source, level, own)
  const emails = dedupe(params.email ?? [])
  const idTexts = dedupe(params.user_id ?? [])
  if (emails.length + idTexts.length > INVITE_LIMIT)
    return { status: 'error', message: `Too many users specified (limit is ${INVITE_LIMIT})` }

  const errors: Record<string, string> = {}
  const valid = emails.filter((e) => DEVISE_EMAIL.test(e))
  for (const e of emails) if (!DEVISE_EMAIL.test(e)) errors[e] = 'Invite email is invalid'
  // GitLab silently drops user ids that are not numbers or not users.
  const ids = idTexts.map(dbId).filter((n): n is number => n !== null)
  const db = await getDb()
  const [byId, byEmail] = await Promise.all([usersByIds(ids), usersByEmails(valid)])
  const targets: Target[] = byId.map((user) => ({ user, key: user.username }))
  const owners = new Map(byEmail.map((u) => [u.emailLower, u]))
  for (const e of valid) {
    const user = owners.get(e.toLowerCase())
    if (user && !targets.some((t) => t.user.id === user.id)) targets.push({ user, key: e })
  }
  let fresh = valid.filter((e) => !owners.has(e.toLowerCase()))
  const keys = [...targets.map((t) => t.key), ...fresh]

  // Model validations that fail every member of the call alike.
  const common =
    params.expires_at && params.expires_at.getTime() < today().getTime()
      ? 'Expires at cannot be a date in the past'
      : level > own
        ? "the member access level can't be higher than the current user's one"
        : null
  if (common) {
    for (const k of keys) errors[k] = common
    return { status: 'error', message: errors }
  }

  const members = await directMemberUserIds(
    source,
    targets.map((t) => t.user.id),
  )
  const inherited = await inheritedConflicts(
    source,
    targets.map((t) => t.user.id),
    level,
  )
  const grants: Target[] = []
  for (const t of targets) {
    if (members.has(t.user.id)) errors[t.key] = 'User already exists in source'
    else if (t.user.state !== 'active') errors[t.key] = 'User is blocked'
    else if (inherited.has(t.user.id)) errors[t.key] = `Access level ${inherited.get(t.user.id)!}`
    else grants.push(t)
  }
  const pending = fresh.length
    ? await db.invitation.findMany({
        where: {
          sourceType: source.sourceType,
          sourceId: source.id,
          emailLower: { in: fresh.map((e) => e.toLowerCase()) },
        },
        select: { emailLower: true },
      })
    : []
  const taken = new Set(pending.map((i) => i.emailLower))
  const kind = source.kind === 'groups' ? 'group' : 'project'
  const allowed: string[] = []
  for (const e of fresh) {
    const restricted = taken.has(e.toLowerCase())
      ? "The member's email address has already been taken"
      : await inviteEmailRestriction(e, kind, actor.user.admin)
    if (restricted) errors[e] = restricted
    else allowed.push(e)
  }
  fresh = allowed

  const queued = await usersNeedingApproval(
    grants.map((t) => t.user.id),
    level,
  )
  const invites = fresh.map((email) => ({ email, token: newInviteToken() }))
  const expiresAt = params.expires_at ?? null
  // A concurrent call that invited the same e-mail or user first wins; this one changes nothing.
  await db
    .$transaction(async (tx) => {
      for (const t of grants) {
        const row = {
          sourceType: source.sourceType,
          sourceId: source.id,
          userId: t.user.id,
          accessLevel: level,
          expiresAt,
        }
        if (queued.has(t.user.id)) await queueApproval(tx, { ...row, requestedById: actor.user.id })
        else await grantMembership(tx, { ...row, createdById: actor.user.id })
      }
      for (const { email, token } of invites)
        await tx.invitation.create({
          data: {
            sourceType: source.sourceType,
            sourceId: source.id,
            email,
            emailLower: email.toLowerCase(),
            accessLevel: level,
            expiresAt,
            tokenDigest: digestToken(token),
            inviteSource: params.invite_source ?? 'invitations-api',
            createdById: actor.user.id,
          },
        })
    })
    .catch((e: unknown) => {
      throw isUniqueViolation(e) ? conflict('Member already exists') : e
    })
  if (fresh.length) {
    const info = await sourceInfo(source.sourceType, source.id)
    if (info)
      await sendInvitationMails(
        invites.map(({ email, token }) => invitationMail(email, token, info, actor.user.name, level, expiresAt)),
      )
  }

  const queuedUsers = Object.fromEntries(
    grants.filter((t) => queued.has(t.user.id)).map((t) => [t.user.username, QUEUED_MESSAGE]),
  )
  const outcome: InviteOutcome = Object.keys(errors).length
    ? { status: 'error', message: errors }
    : { status: 'success' }
  if (Object.keys(queuedUsers).length) outcome.queued_users = queuedUsers
  return outcome
}
