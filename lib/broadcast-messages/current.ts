// The messages the console layout shows a user: active now, aimed at their access level, not
// dismissed by them. Loaded through the API (as every console read) plus the dismissal rows; the
// path filter is left to the client component, which knows the current path on every navigation.
import type { Actor } from '../auth/actor'
import { apiList } from '../console/api'
import { endpoints } from '../console/endpoint-refs'
import { highestAccessLevel } from './audience'
import { dismissedMessageIds } from './dismissals'
import type { BroadcastMessageEntity } from './entity'
import { matchesLevel } from './match'

/** The newest 100 is plenty: messages are few and short-lived. */
const LIMIT = 100

export async function currentBroadcastMessages(actor: Actor): Promise<BroadcastMessageEntity[]> {
  const [list, level, dismissed] = await Promise.all([
    apiList(endpoints.broadcastMessage.list, { per_page: LIMIT }),
    highestAccessLevel(actor),
    dismissedMessageIds(actor.user.id),
  ])
  return list.items.filter((m) => m.active && matchesLevel(m.target_access_levels, level) && !dismissed.has(m.id)).reverse()
}
