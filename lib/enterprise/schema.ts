import { z } from 'zod'
import { int, time } from '../api/json-types'
import { p } from '../api/param-types'
import { listTokensParams } from '../tokens/schema'

export const manageTokensParams = listTokensParams.omit({ user_id: true }).extend({ id: p.id() })
export type ManageTokensParams = z.infer<typeof manageTokensParams>

export const manageKeysParams = z.object({
  id: p.id(),
  created_before: p.optional(p.date()),
  created_after: p.optional(p.date()),
  expires_before: p.optional(p.date()),
  expires_after: p.optional(p.date()),
})
export type ManageKeysParams = z.infer<typeof manageKeysParams>

/** `:token_id` is an integer or the keyword `self` (the token of the current request). */
export const manageTokenParams = z.object({ id: p.id(), token_id: z.union([z.literal('self'), p.int()]) })

export const manageKeyParams = z.object({ id: p.id(), key_id: p.int() })

export const revokeByValueParams = z.object({ id: p.id(), token: p.string() })

/** The enterprise SSH key record (spec: no key material, with the owner's id). */
export const managedKeySchema = z.strictObject({
  id: int(),
  title: z.string(),
  created_at: time(),
  expires_at: time().nullable(),
  last_used_at: time().nullable(),
  usage_type: z.string(),
  user_id: int(),
})
export type ManagedKeyJson = z.infer<typeof managedKeySchema>
