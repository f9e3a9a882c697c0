import { z } from 'zod'
import { p } from '../api/param-types'
import { MEMBER_LEVELS } from '../auth/access-levels'

export const sourceParams = z.object({ id: p.id() })
export const requesterParams = z.object({ id: p.id(), user_id: p.int() })
// GitLab: optional access_level, Developer when absent.
export const approveParams = requesterParams.extend({ access_level: p.optional(p.intIn(MEMBER_LEVELS)) })
export type ApproveParams = z.infer<typeof approveParams>
