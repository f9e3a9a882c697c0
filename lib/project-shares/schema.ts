import { z } from 'zod'
import { p } from '../api/param-types'
import { date, int } from '../api/json-types'

// Gitlab::Access.all_values, as the share API validates group_access.
const LEVELS = [0, 5, 10, 15, 20, 30, 40, 50] as const

export const shareParams = z.object({
  id: p.id(),
  group_id: p.int(),
  group_access: p.intIn(LEVELS),
  expires_at: p.optional(p.date()),
})
export type ShareParams = z.infer<typeof shareParams>

export const unshareParams = z.object({ id: p.id(), group_id: p.int() })

/** Entities::ProjectGroupLink. */
export const projectGroupLinkSchema = z.strictObject({
  id: int(),
  project_id: int(),
  group_id: int(),
  group_access: int(),
  expires_at: date().nullable(),
})
export type ProjectGroupLinkJson = z.infer<typeof projectGroupLinkSchema>
