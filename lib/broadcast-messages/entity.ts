// GitLab's Entities::System::BroadcastMessage, field for field and in its order.
import type { BroadcastMessage } from '../db'
import { statusOf } from './rules'
import type { BroadcastMessageJson } from './schema'
import { isoTime } from '../api/time'

export const parseLevels = (s: string): number[] => (s ? s.split(',').map(Number).filter(Number.isInteger) : [])

export function broadcastEntity(m: BroadcastMessage, now = new Date()): BroadcastMessageJson {
  return {
    id: m.id,
    message: m.message,
    starts_at: isoTime(m.startsAt),
    ends_at: isoTime(m.endsAt),
    color: m.color,
    font: m.font,
    target_access_levels: parseLevels(m.targetAccessLevels),
    target_path: m.targetPath,
    broadcast_type: m.broadcastType,
    dismissable: m.dismissable,
    active: statusOf(m.startsAt, m.endsAt, now) === 'active',
    theme: m.theme,
  }
}
export type BroadcastMessageEntity = BroadcastMessageJson
