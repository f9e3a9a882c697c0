import { z } from 'zod'
import { date, int, time } from '../api/json-types'
import { p } from '../api/param-types'
import { TOKEN_SCOPES } from '../auth/scopes'

export const createTokenParams = z.object({
  name: p.string(),
  description: p.optional(p.string()),
  scopes: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v),
    z.array(z.enum(TOKEN_SCOPES)).min(1),
  ),
  expires_at: p.optional(p.date()),
})
export type CreateTokenParams = z.infer<typeof createTokenParams>

export const listTokensParams = z.object({
  user_id: p.optional(p.int()),
  revoked: p.optional(p.bool()),
  state: p.optional(p.enum(['active', 'inactive'])),
  search: p.optional(p.string()),
  created_before: p.optional(p.date()),
  created_after: p.optional(p.date()),
  last_used_before: p.optional(p.date()),
  last_used_after: p.optional(p.date()),
  expires_before: p.optional(p.date()),
  expires_after: p.optional(p.date()),
  sort: p.optional(
    p.enum([
      'created_asc',
      'created_desc',
      'expires_asc',
      'expires_desc',
      'last_used_asc',
      'last_used_desc',
      'name_asc',
      'name_desc',
    ]),
  ),
})
export type ListTokensParams = z.infer<typeof listTokensParams>

/** Entities::PersonalAccessToken. */
export const tokenSchema = z.strictObject({
  id: int(),
  name: z.string(),
  revoked: z.boolean(),
  created_at: time(),
  description: z.string().nullable(),
  scopes: z.array(z.string()),
  user_id: int(),
  last_used_at: time().nullable(),
  active: z.boolean(),
  expires_at: date().nullable(),
})
/** Entities::PersonalAccessTokenWithToken: only the create (and rotate) answers carry the plaintext. */
export const tokenWithValueSchema = tokenSchema.extend({ token: z.string() })
export type TokenJson = z.infer<typeof tokenSchema>
