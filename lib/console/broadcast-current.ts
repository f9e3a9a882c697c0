// The messages the console layout shows a user: active now, aimed at their access level, not
// dismissed by them. Loaded through the API (as every console read) plus the dismissal rows; the
// path filter is left to the client component, which knows the current path on every navigation.
import type { Actor } from '../auth/actor'
import { apiList } from './api'
import { endpoints } from './generated/endpoint-refs'
import { highestAccessLevel } from '../broadcast-messages/audience'
import { dismissedMessageIds } from '../broadcast-messages/dismissals'
import type { BroadcastMessageEntity } from '../broadcast-messages/entity'
import { matchesLevel } from '../broadcast-messages/match'

/** The newest 100 is plenty: messages are few and short-lived. */
const LIMIT = 100

export async function currentBroadcastMessages(actor: Actor): Promise<BroadcastMessageEntity[]> {
  const [list, level, dismissed] = await Promise.all([
    apiList(endpoints.broadcastMessage.list, { per_page: LIMIT }),
    highestAccessLevel(actor),
    dismissedMessageIds(actor.user.id),
  ])
  return list.items
    .filter((m) => m.active && matchesLevel(m.target_access_levels, level) && !dismissed.has(m.id))
    .reverse()
}
