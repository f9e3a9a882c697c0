import { z } from 'zod'
import { p } from '../api/param-types'

// Gitlab::Access.all_values: invitations accept No access and Minimal access as well.
export const INVITE_LEVELS = [0, 5, 10, 15, 20, 30, 40, 50] as const
const accessLevel = p.intIn(INVITE_LEVELS)

export const createInvitationParams = z.object({
  id: p.id(),
  // Comma-separated lists (or arrays): GitLab's `email_or_email_list` and `user_id` string/int.
  email: p.optional(p.stringList()),
  user_id: p.optional(z.preprocess((v) => (typeof v === 'number' ? String(v) : Array.isArray(v) ? v.map(String) : v), p.stringList())),
  access_level: accessLevel,
  expires_at: p.optional(p.date()),
  invite_source: p.optional(p.string()),
  member_role_id: p.optional(p.int()),
})
export type CreateInvitationParams = z.infer<typeof createInvitationParams>

export const listInvitationsParams = z.object({ id: p.id(), query: p.optional(p.string()) })
export type ListInvitationsParams = z.infer<typeof listInvitationsParams>

export const invitationEmailParams = z.object({ id: p.id(), email: z.string().min(1) })

export const updateInvitationParams = z.object({
  id: p.id(),
  email: z.string().min(1),
  access_level: p.optional(accessLevel),
  expires_at: p.optional(p.date()),
})
export type UpdateInvitationParams = z.infer<typeof updateInvitationParams>

export const inviteTokenParams = z.object({ token: z.string().min(1).max(200) })
