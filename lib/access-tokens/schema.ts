import { z } from 'zod'
import { int } from '../api/json-types'
import { listTokensParams, tokenSchema } from '../tokens/schema'
import { p } from '../api/param-types'
import { TOKEN_SCOPES, type TokenScope } from '../auth/scopes'

// Gitlab::Auth.resource_bot_scopes: the personal scopes minus the user-level ones — a bot may not
// read users, sudo, enter admin mode, read service ping or run AI workflows.
const USER_LEVEL_SCOPES = ['read_user', 'read_service_ping', 'sudo', 'admin_mode', 'ai_workflows'] as const
type ResourceScope = Exclude<TokenScope, (typeof USER_LEVEL_SCOPES)[number]>
export const RESOURCE_TOKEN_SCOPES = TOKEN_SCOPES.filter(
  (s): s is ResourceScope => !(USER_LEVEL_SCOPES as readonly string[]).includes(s),
) as [ResourceScope, ...ResourceScope[]]

/** Gitlab::Access.options_with_owner */
export const RESOURCE_TOKEN_LEVELS = [10, 15, 20, 30, 40, 50] as const

export const listResourceTokensParams = listTokensParams.omit({ user_id: true }).extend({ id: p.id() })
export type ListResourceTokensParams = z.infer<typeof listResourceTokensParams>

export const resourceTokenParams = z.object({ id: p.id(), token_id: p.string() })

export const createResourceTokenParams = z.object({
  id: p.id(),
  name: p.string(),
  description: p.optional(p.string()),
  scopes: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v),
    z.array(z.enum(RESOURCE_TOKEN_SCOPES)).min(1),
  ),
  expires_at: p.optional(p.date()),
  access_level: p.optional(p.intIn(RESOURCE_TOKEN_LEVELS)),
})
export type CreateResourceTokenParams = z.infer<typeof createResourceTokenParams>

export const rotateResourceTokenParams = resourceTokenParams.extend({ expires_at: p.optional(p.date()) })
export type RotateResourceTokenParams = z.infer<typeof rotateResourceTokenParams>

/** The credential record of a group/project access token (the PAT fields and three more). */
export const resourceTokenRecordSchema = tokenSchema.extend({
  access_level: int().nullable(),
  resource_type: z.enum(['group', 'project']),
  resource_id: int().nullable(),
})
/** Entities::ResourceAccessToken. */
export const resourceTokenSchema = resourceTokenRecordSchema.extend({ last_used_ips: z.array(z.string()) })
export const resourceTokenWithValueSchema = resourceTokenSchema.extend({ token: z.string() })
export type ResourceTokenRecordJson = z.infer<typeof resourceTokenRecordSchema>
export type ResourceTokenJson = z.infer<typeof resourceTokenSchema>
