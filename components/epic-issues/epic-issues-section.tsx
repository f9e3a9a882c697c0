// The issues part of an epic's page: the first 100 links in position order (as the API lists them
// for the viewer: issues they cannot read are not there), reorderable by those signed in (the API
// decides who may, and the panel shows its refusal).
import { ErrorState } from '@/components/error-state'
import { apiList } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { EpicJson } from '@/lib/epics/schema'
import { EpicIssuesPanel } from './epic-issues-panel'

export async function EpicIssuesSection({ epic, canEdit }: { epic: EpicJson; canEdit: boolean }) {
  const list = await apiList(endpoints.epicIssue.list, { id: epic.group_id, epic_iid: epic.iid, per_page: 100 })
  if (!list.ok) return <ErrorState status={list.status} body={list.error} title="Could not load the epic's issues" />
  return <EpicIssuesPanel groupId={epic.group_id} epicIid={epic.iid} initial={list.items} canEdit={canEdit} />
}
