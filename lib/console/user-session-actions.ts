'use server'
// Admin → Users → a user → "Revoke all sessions". A server action, not an API endpoint: GitLab has
// none for another user's web sessions. The actor is the one the API would see for this cookie
// (admin mode applied), and the users service applies the administrator rule, as for any write.
import { isApiError } from '../api/errors'
import { revokeUserSessions } from '../users/service'
import { apiActor } from './session'

export type RevokeSessionsResult = { ok: true; ended: number } | { ok: false; error: string }

export async function revokeUserSessionsAction(userId: number): Promise<RevokeSessionsResult> {
  if (!Number.isSafeInteger(userId)) return { ok: false, error: 'Unknown user.' }
  try {
    return { ok: true, ended: await revokeUserSessions(await apiActor(), userId) }
  } catch (e) {
    if (isApiError(e))
      return {
        ok: false,
        error: e.status === 404 ? 'The user no longer exists.' : 'Only an administrator can revoke sessions.',
      }
    throw e
  }
}
