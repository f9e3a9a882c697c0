import { z } from 'zod'
import { p } from '../api/param-types'

// Gitlab::Access.all_values, as the share API validates group_access.
const LEVELS = [0, 5, 10, 15, 20, 30, 40, 50] as const

export const shareGroupParams = z.object({
  id: p.id(),
  group_id: p.int(),
  group_access: p.intIn(LEVELS),
  expires_at: p.optional(p.date()),
})
export type ShareGroupParams = z.infer<typeof shareGroupParams>
export const unshareGroupParams = z.object({ id: p.id(), group_id: p.int() })
