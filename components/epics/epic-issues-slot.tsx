// Where an epic's page shows its issues. The epic-issue links feature fills this in; until then it
// renders nothing (no placeholder for users).
import type { EpicJson } from '@/lib/epics/schema'

export function EpicIssuesSlot(_props: { epic: EpicJson }) {
  return null
}
