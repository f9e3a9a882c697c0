// Administrator review of queued promotions (our own endpoints; GitLab's equivalent is GraphQL)
// and the mail outbox, both for the admin console.
import { must } from '../util/defined'
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { offsetPage, withItems } from '../api/pagination'
import { p } from '../api/param-types'
import type { MemberApproval } from '../db'
import { sourceInfoOf, sourceInfos } from './sources'
import { listOutbox } from '../mail/outbox'
import { memberApprovalEntity } from './entity'
import { memberApprovalSchema, outboxEntrySchema } from './schema'
import { listApprovals, reviewApproval } from './service'
import { usersByIds } from '../users/find'

async function present(rows: MemberApproval[]) {
  const ids = [
    ...new Set(rows.flatMap((r) => [r.userId, r.requestedById, r.reviewedById]).filter((x): x is number => x !== null)),
  ]
  const [infos, users] = await Promise.all([sourceInfos(rows), usersByIds(ids)])
  const byId = new Map(users.map((u) => [u.id, u]))
  return rows.map((r) => memberApprovalEntity(r, sourceInfoOf(infos, r), byId))
}

const idParams = z.object({ id: p.int() })

export const memberApprovalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/member_approvals',
    summary: 'Membership promotions waiting for approval (enable_member_promotion_management)',
    auth: 'admin',
    params: z.object({ status: p.optional(p.enum(['pending', 'approved', 'denied'])) }),
    paginated: 'offset',
    response: { body: z.array(memberApprovalSchema) },
    handler: async ({ params, page }) => {
      const result = await listApprovals(params.status, page)
      return withItems(result, await present(result.items))
    },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/member_approvals/:id/approve',
    summary: 'Approve a queued promotion: the membership is granted',
    auth: 'admin',
    params: idParams,
    response: { body: memberApprovalSchema },
    handler: async ({ actor, params }) =>
      must((await present([await reviewApproval(actor, params.id, 'approved')]))[0], 'presented approval'),
  }),
  deny: endpoint({
    method: 'POST',
    path: '/admin/member_approvals/:id/deny',
    summary: 'Deny a queued promotion',
    auth: 'admin',
    params: idParams,
    response: { body: memberApprovalSchema },
    handler: async ({ actor, params }) =>
      must((await present([await reviewApproval(actor, params.id, 'denied')]))[0], 'presented approval'),
  }),
  outbox: endpoint({
    method: 'GET',
    path: '/admin/outbox',
    summary: 'Mail written to the outbox because no SMTP server is configured (newest first)',
    auth: 'admin',
    params: z.object({}),
    paginated: 'offset',
    response: { body: z.array(outboxEntrySchema) },
    handler: async ({ page }) => {
      const { items, total } = await listOutbox(page.skip, page.take)
      return offsetPage(items, total, page)
    },
  }),
}
