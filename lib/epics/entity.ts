// JSON of an epic (EE::API::Entities::Epic), in GitLab's key order, from rows already loaded
// (present.ts batches the queries). Dates roll up from milestones in GitLab; without milestones here
// an epic's start and due dates are its fixed ones when fixed, else null.
import { config } from '../config'
import type { Epic, Namespace, User } from '../db'
import { userBasic } from '../users/entity'
import type { EpicJson } from './schema'
import { isoOrNull, isoTime } from '../api/time'

export interface EpicRelations {
  group: Pick<Namespace, 'id' | 'fullPath'>
  author: User | null
  labels: readonly string[]
  parent: Pick<Epic, 'id' | 'iid' | 'groupId'> | null
  /** The group the request names: references are relative to it. */
  fromGroupId: number
}

/** Gitlab::Color#contrast: dark text on light colours, white on dark ones. */
export function textColor(color: string): string {
  const hex = color.replace('#', '')
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) || 0) as [number, number, number]
  return r * 0.299 + g * 0.587 + b * 0.114 > 186 ? '#1F1E24' : '#FFFFFF'
}

export const epicWebPath = (groupPath: string, iid: number) => `/groups/${groupPath}/-/epics/${iid}`
export const epicApiUrl = (groupId: number, iid: number) =>
  `${config().externalUrl}/api/v4/groups/${groupId}/epics/${iid}`

export function epicEntity(e: Epic, rel: EpicRelations): EpicJson {
  const { externalUrl } = config()
  const short = `&${e.iid}`
  const full = `${rel.group.fullPath}${short}`
  const start = e.startDateIsFixed ? e.startDateFixed : null
  const due = e.dueDateIsFixed ? e.dueDateFixed : null
  return {
    id: e.id,
    iid: e.iid,
    color: e.color,
    text_color: textColor(e.color),
    group_id: e.groupId,
    parent_id: rel.parent?.id ?? null,
    parent_iid: rel.parent?.iid ?? null,
    imported: false,
    imported_from: 'none',
    title: e.title,
    description: e.description,
    confidential: e.confidential,
    author: rel.author ? userBasic(rel.author) : null,
    start_date: start,
    start_date_is_fixed: e.startDateIsFixed,
    start_date_fixed: e.startDateFixed,
    start_date_from_inherited_source: null,
    start_date_from_milestones: null,
    end_date: due,
    due_date: due,
    due_date_is_fixed: e.dueDateIsFixed,
    due_date_fixed: e.dueDateFixed,
    due_date_from_inherited_source: null,
    due_date_from_milestones: null,
    state: e.state === 'closed' ? 'closed' : 'opened',
    web_edit_url: epicWebPath(rel.group.fullPath, e.iid),
    web_url: `${externalUrl}${epicWebPath(rel.group.fullPath, e.iid)}`,
    references: { short, relative: e.groupId === rel.fromGroupId ? short : full, full },
    created_at: isoTime(e.createdAt),
    updated_at: isoTime(e.updatedAt),
    closed_at: isoOrNull(e.closedAt),
    labels: [...rel.labels].sort(),
    upvotes: 0,
    downvotes: 0,
    _links: {
      self: epicApiUrl(e.groupId, e.iid),
      epic_issues: `${epicApiUrl(e.groupId, e.iid)}/issues`,
      group: `${externalUrl}/api/v4/groups/${e.groupId}`,
      parent: rel.parent ? epicApiUrl(rel.parent.groupId, rel.parent.iid) : null,
    },
  }
}
