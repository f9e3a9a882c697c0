import { z } from 'zod'
import { p } from '../api/param-types'
import { listTokensParams } from '../tokens/schema'

// Gitlab::Auth.resource_bot_scopes: the API, repository, registry and runner scopes; never the
// user-level ones (read_user, sudo, admin_mode, read_service_ping).
export const RESOURCE_TOKEN_SCOPES = [
  'api',
  'read_api',
  'create_runner',
  'manage_runner',
  'k8s_proxy',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'read_virtual_registry',
  'write_virtual_registry',
  'ai_features',
  'self_rotate',
] as const

/** Gitlab::Access.options_with_owner */
export const RESOURCE_TOKEN_LEVELS = [10, 15, 20, 30, 40, 50] as const

export const listResourceTokensParams = listTokensParams.omit({ user_id: true }).extend({ id: p.id() })
export type ListResourceTokensParams = z.infer<typeof listResourceTokensParams>

export const resourceTokenParams = z.object({ id: p.id(), token_id: p.string() })

export const createResourceTokenParams = z.object({
  id: p.id(),
  name: p.string(),
  description: p.optional(p.string()),
  scopes: z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v), z.array(z.enum(RESOURCE_TOKEN_SCOPES)).min(1)),
  expires_at: p.optional(p.date()),
  access_level: p.optional(p.intIn(RESOURCE_TOKEN_LEVELS)),
})
export type CreateResourceTokenParams = z.infer<typeof createResourceTokenParams>

export const rotateResourceTokenParams = resourceTokenParams.extend({ expires_at: p.optional(p.date()) })
export type RotateResourceTokenParams = z.infer<typeof rotateResourceTokenParams>
