// zod params of the SAML endpoints (GitLab's ee/lib/api/saml_group_links.rb and provider_identity.rb).
import { z } from 'zod'
import { int } from '../api/json-types'
import { p } from '../api/param-types'

/** Gitlab::Access.all_values: what a SAML group link may grant. */
export const LINK_LEVELS = [0, 5, 10, 15, 20, 30, 40, 50] as const

export const groupParams = z.object({ id: p.id() })
export const identityParams = z.object({ id: p.id(), uid: p.string() })
// extern_uid is checked in the handler: GitLab authorizes (403) before it validates it.
export const updateIdentityParams = identityParams.extend({ extern_uid: p.optional(p.string()) })

// `provider=` (sent, empty) names the any-provider link; absent means "whichever, if only one".
// Grape keeps "" for String params too, so this is GitLab's own parsing.
export const linkParams = z.object({ id: p.id(), saml_group_name: p.string(), provider: p.string().optional() })
export const createLinkParams = z.object({
  id: p.id(),
  saml_group_name: p.string(),
  access_level: p.intIn(LINK_LEVELS),
  member_role_id: p.optional(p.int()),
  provider: p.optional(p.string()),
})
export type CreateLinkParams = z.infer<typeof createLinkParams>

/** Our stand-in for a SAML sign-in assertion (not a GitLab endpoint). */
export const syncParams = z.object({
  id: p.id(),
  user_id: p.int(),
  extern_uid: p.optional(p.string()),
  groups: z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : v), p.stringList()),
  provider: p.optional(p.string()),
})

/** Entities::IdentityDetail (a group's SAML identities). */
export const identitySchema = z.strictObject({ extern_uid: z.string(), user_id: int() })
/** Entities::SamlGroupLink (provider null: any provider). */
export const samlGroupLinkSchema = z.strictObject({
  name: z.string(),
  access_level: int(),
  member_role_id: int().nullable(),
  provider: z.string().nullable(),
})
export type IdentityJson = z.infer<typeof identitySchema>
export type SamlGroupLinkJson = z.infer<typeof samlGroupLinkSchema>

/** What POST /groups/:id/saml/sync changed (kept_last_owner: links that would have removed the last owner). */
export const samlSyncSummarySchema = z.strictObject({
  added: z.array(z.strictObject({ group_id: int(), access_level: int() })),
  updated: z.array(z.strictObject({ group_id: int(), access_level: int(), previous_access_level: int() })),
  removed: z.array(z.strictObject({ group_id: int(), previous_access_level: int() })),
  kept_last_owner: z.array(z.strictObject({ group_id: int(), access_level: int() })),
})
