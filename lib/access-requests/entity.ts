import type { AccessRequest, User } from '../db'
import { userBasic } from '../users/entity'

/** Entities::AccessRequester: the user plus when they asked. */
export const accessRequesterEntity = (r: AccessRequest & { user: User }) => ({ ...userBasic(r.user), requested_at: r.requestedAt.toISOString() })
