// Member promotion management (enable_member_promotion_management): giving a non-billable user
// (no membership above Guest anywhere, not an administrator or bot) a role above Guest waits for
// an administrator instead of taking effect. Approving grants the membership.
import { conflict, notFound } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { getDb, type Prisma } from '../db'
import { usersWithRoleAbove } from '../members/rows'
import { grantMembership } from '../members/service'
import { setting } from '../settings/service'
import { usersByIds } from '../users/find'

export const QUEUED_MESSAGE = 'Request queued for administrator approval.'
export type ApprovalStatus = 'pending' | 'approved' | 'denied'

export const promotionManagementEnabled = async () =>
  (await setting<boolean | undefined>('enable_member_promotion_management')) === true

/** The users among `userIds` whose new role `level` must wait for an administrator. */
export async function usersNeedingApproval(userIds: number[], level: number): Promise<Set<number>> {
  if (level <= ACCESS.GUEST || !userIds.length || !(await promotionManagementEnabled())) return new Set()
  const [users, paid] = await Promise.all([usersByIds(userIds), usersWithRoleAbove(userIds, ACCESS.GUEST)])
  return new Set(users.filter((u) => !u.admin && !u.bot && !paid.has(u.id)).map((u) => u.id))
}

export interface ApprovalRequest {
  sourceType: string
  sourceId: number
  userId: number
  accessLevel: number
  expiresAt: Date | null
  requestedById: number
}

/** One pending request per user and source: a newer request replaces the level it asks for. */
export async function queueApproval(tx: Prisma.TransactionClient, req: ApprovalRequest) {
  const pending = await tx.memberApproval.findFirst({
    where: { sourceType: req.sourceType, sourceId: req.sourceId, userId: req.userId, status: 'pending' },
  })
  if (pending)
    return tx.memberApproval.update({
      where: { id: pending.id },
      data: { accessLevel: req.accessLevel, expiresAt: req.expiresAt, requestedById: req.requestedById },
    })
  return tx.memberApproval.create({ data: { ...req, status: 'pending' } })
}

export async function listApprovals(status: ApprovalStatus | undefined, window: PageWindow) {
  const db = await getDb()
  const where: Prisma.MemberApprovalWhereInput = status ? { status } : {}
  return offsetList(
    'memberApproval',
    where,
    window,
    db.memberApproval.findMany({ where, orderBy: { id: 'desc' }, skip: window.skip, take: window.take }),
  )
}

export async function reviewApproval(actor: Actor, id: number, decision: 'approved' | 'denied') {
  const db = await getDb()
  const row = await db.$transaction(async (tx) => {
    const found = await tx.memberApproval.findUnique({ where: { id } })
    if (!found) throw notFound('Member Approval')
    // Compare-and-swap on the status: two administrators reviewing at once cannot both win.
    const claimed = await tx.memberApproval.updateMany({
      where: { id, status: 'pending' },
      data: { status: decision, reviewedById: actor.user.id },
    })
    if (!claimed.count) throw conflict(`Member approval is already ${found.status}`)
    if (decision === 'approved')
      await grantMembership(tx, {
        sourceType: found.sourceType,
        sourceId: found.sourceId,
        userId: found.userId,
        accessLevel: found.accessLevel,
        expiresAt: found.expiresAt,
        createdById: found.requestedById,
      })
    return tx.memberApproval.findUniqueOrThrow({ where: { id } })
  })
  return row
}
