'use server'
// The console's dismiss button: a server action (not a GitLab API endpoint), acting as the session's
// user. Next checks the Origin of server action requests, which is this form of CSRF protection.
import { currentActor } from './session'
import { dismissBroadcastMessage } from '../broadcast-messages/dismissals'

export async function dismissBroadcastAction(messageId: number): Promise<{ ok: boolean }> {
  const actor = await currentActor()
  if (!actor || !Number.isSafeInteger(messageId)) return { ok: false }
  try {
    await dismissBroadcastMessage(actor.user.id, messageId)
    return { ok: true }
  } catch {
    return { ok: false } // deleted or not dismissable meanwhile: nothing to remember
  }
}
