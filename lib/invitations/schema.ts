import { z } from 'zod'
import { date, int, time } from '../api/json-types'
import { userBasicSchema } from '../users/schema'
import { p } from '../api/param-types'

// Gitlab::Access.all_values: invitations accept No access and Minimal access as well.
export const INVITE_LEVELS = [0, 5, 10, 15, 20, 30, 40, 50] as const
const accessLevel = p.intIn(INVITE_LEVELS)

export const createInvitationParams = z.object({
  id: p.id(),
  // Comma-separated lists (or arrays): GitLab's `email_or_email_list` and `user_id` string/int.
  email: p.optional(p.stringList()),
  user_id: p.optional(
    z.preprocess((v) => (typeof v === 'number' ? String(v) : Array.isArray(v) ? v.map(String) : v), p.stringList()),
  ),
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

/** POST …/invitations: GitLab answers 201 with the outcome, errors per e-mail or user id included. */
export const inviteOutcomeSchema = z.strictObject({
  status: z.enum(['success', 'error']),
  message: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  queued_users: z.record(z.string(), z.string()).optional(),
})
/** Entities::Invitation. */
export const invitationSchema = z.strictObject({
  id: int(),
  invite_email: z.string(),
  created_at: time(),
  access_level: int(),
  expires_at: date().nullable(),
  user_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
})
/** Entities::Member of a pending invitation (PUT answers it). */
export const invitedMemberSchema = z.strictObject({
  access_level: int(),
  created_at: time(),
  created_by: userBasicSchema.nullable(),
  expires_at: date().nullable(),
  group_saml_identity: z.null(),
  invite_email: z.string(),
  membership_state: z.string(),
  member_role: z.null(),
})
/** What an accept link stands for (the console's accept page; not GitLab's API). */
export const invitationByTokenSchema = z.strictObject({
  source_type: z.enum(['group', 'project']),
  source_name: z.string(),
  source_full_path: z.string(),
  access_level: int(),
  access_level_name: z.string(),
  expires_at: date().nullable(),
  console_path: z.string(),
})
export type InvitationJson = z.infer<typeof invitationSchema>
export type InvitedMemberJson = z.infer<typeof invitedMemberSchema>
