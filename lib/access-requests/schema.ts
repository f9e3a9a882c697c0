import { z } from 'zod'
import { p } from '../api/param-types'
import { MEMBER_LEVELS } from '../auth/access-levels'
import { time } from '../api/json-types'
import { userBasicSchema } from '../users/schema'

export const sourceParams = z.object({ id: p.id() })
export const requesterParams = z.object({ id: p.id(), user_id: p.int() })
// GitLab: optional access_level, Developer when absent.
export const approveParams = requesterParams.extend({ access_level: p.optional(p.intIn(MEMBER_LEVELS)) })
export type ApproveParams = z.infer<typeof approveParams>

/** Entities::AccessRequester: the user plus when they asked. */
export const accessRequesterSchema = userBasicSchema.extend({ requested_at: time() })
export type AccessRequesterJson = z.infer<typeof accessRequesterSchema>
