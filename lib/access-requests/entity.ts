import type { AccessRequest, User } from '../db'
import { userBasic } from '../users/entity'
import type { AccessRequesterJson } from './schema'
import { isoTime } from '../api/time'

/** Entities::AccessRequester: the user plus when they asked. */
export const accessRequesterEntity = (r: AccessRequest & { user: User }): AccessRequesterJson =>
  Object.assign(userBasic(r.user), { requested_at: isoTime(r.requestedAt) })
