import { z } from 'zod'
import { date, int, time } from '../api/json-types'
import { userBasicSchema } from '../users/schema'
import { p } from '../api/param-types'
import { MEMBER_LEVELS } from '../auth/access-levels'

const accessLevel = p.intIn(MEMBER_LEVELS)

export const listMembersParams = z.object({
  id: p.id(),
  query: p.optional(p.string()),
  user_ids: p.optional(p.intList()),
})
export type ListMembersParams = z.infer<typeof listMembersParams>

export const memberParams = z.object({ id: p.id(), user_id: p.int() })

export const addMemberParams = z.object({
  id: p.id(),
  // GitLab takes one id or a comma-separated list (all or nothing), or usernames.
  user_id: p.optional(z.union([p.int(), p.intList()])),
  username: p.optional(p.string()),
  access_level: accessLevel,
  expires_at: p.optional(p.date()),
})
export type AddMemberParams = z.infer<typeof addMemberParams>

export const updateMemberParams = z.object({
  id: p.id(),
  user_id: p.int(),
  access_level: accessLevel,
  // GitLab clears the expiry when `expires_at` is sent blank.
  expires_at: p.optional(z.union([z.literal('').transform(() => null), p.date()])),
})
export type UpdateMemberParams = z.infer<typeof updateMemberParams>

/** Entities::Member: the user's basic fields and the membership (email to administrators only). */
export const memberSchema = userBasicSchema.extend({
  access_level: int(),
  created_at: time(),
  created_by: userBasicSchema.nullable(),
  expires_at: date().nullable(),
  group_saml_identity: z.null(),
  membership_state: z.string(),
  member_role: z.null(),
  email: z.string().optional(),
})
export type MemberJson = z.infer<typeof memberSchema>

/** Entities::Membership: one of a user's direct memberships (GET /users/:id/memberships). */
export const membershipSchema = z.strictObject({
  source_id: int(),
  source_name: z.string(),
  source_type: z.enum(['Namespace', 'Project']),
  access_level: int(),
})
export type MembershipJson = z.infer<typeof membershipSchema>
