import { z } from 'zod'
import { int, time } from '../api/json-types'
import { p } from '../api/param-types'

export const USAGE_TYPES = ['auth', 'signing', 'auth_and_signing'] as const

export const addKeyParams = z.object({
  title: p.string(),
  key: p.string(),
  expires_at: p.optional(p.date()),
  usage_type: p.optional(p.enum(USAGE_TYPES)),
})
export type AddKeyParams = z.infer<typeof addKeyParams>

/** Entities::SSHKey (GET /user/keys and /users/:id/keys). */
export const sshKeySchema = z.strictObject({
  id: int(),
  title: z.string(),
  created_at: time(),
  expires_at: time().nullable(),
  last_used_at: time().nullable(),
  key: z.string(),
  usage_type: z.enum(['auth', 'signing', 'auth_and_signing']),
})
export type SshKeyJson = z.infer<typeof sshKeySchema>
