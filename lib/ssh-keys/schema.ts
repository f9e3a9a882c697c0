import { z } from 'zod'
import { p } from '../api/param-types'

export const USAGE_TYPES = ['auth', 'signing', 'auth_and_signing'] as const

export const addKeyParams = z.object({
  title: p.string(),
  key: p.string(),
  expires_at: p.optional(p.date()),
  usage_type: p.optional(p.enum(USAGE_TYPES)),
})
export type AddKeyParams = z.infer<typeof addKeyParams>
