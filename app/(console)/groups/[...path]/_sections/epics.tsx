// Plan → Epics of a group, at GitLab's URLs: /-/epics (list with state tabs and search),
// /-/epics/new, /-/epics/:iid (fields, dates, state, actions) and /-/epics/:iid/edit. Planners and
// Reporter+ create and edit; Owners and Planners delete (the API enforces the same rules).
import Link from 'next/link'
import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { DetailList } from '@/components/detail-list'
import { EpicActions } from '@/components/epics/epic-actions'
import { EpicForm } from '@/components/epics/epic-form'
import { EpicIssuesSection } from '@/components/epic-issues/epic-issues-section'
import { EpicList } from '@/components/epics/epic-list'
import { epicStateTab } from '@/components/epics/epic-states'
import { ErrorState } from '@/components/error-state'
import { formatDate } from '@/components/format'
import { Badge } from '@/components/ui/badge'
import { buttonClass } from '@/components/ui/button'
import { RelativeTime } from '@/components/ui/relative-time'
import { api, apiList } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { intParam, one } from '@/lib/console/paths'
import { apiActor } from '@/lib/console/session'
import { epicRights, type EpicRights } from '@/lib/epics/access'
import { loadGroup } from '@/lib/groups/find'
import type { GroupSectionProps } from './index'

const NO_RIGHTS: EpicRights = { read: false, readConfidential: false, write: false, destroy: false }

export async function GroupEpics(props: GroupSectionProps) {
  const { group, pathname, rest = [] } = props
  const row = await loadGroup(String(group.id))
  const rights = row ? await epicRights(await apiActor(), row) : NO_RIGHTS

  if (rest.length === 0) return <EpicIndex {...props} canCreate={rights.write} />
  if (rest.length === 1 && rest[0] === 'new') {
    return (
      <section className="card" data-testid="epic-new">
        <p>
          <Link href={pathname}>← Epics</Link>
        </p>
        <h2>New epic</h2>
        {rights.write ? (
          <EpicForm groupId={group.id} basePath={pathname} />
        ) : (
          <p className="muted">You need at least the Planner role to create epics.</p>
        )}
      </section>
    )
  }
  const iid = intParam(rest[0])
  if (!iid || rest.length > 2 || (rest.length === 2 && rest[1] !== 'edit')) notFound()
  const epic = await api(endpoints.epic.show, { id: group.id, epic_iid: iid })
  if (!epic.ok) return <ErrorState status={epic.status} body={epic.body} title="Could not load this epic" />
  const e = epic.body
  if (rest.length === 2) {
    return (
      <section className="card" data-testid="epic-edit">
        <p>
          <Link href={`${pathname}/${iid}`}>← Back to the epic</Link>
        </p>
        <h2>Edit epic</h2>
        {rights.write ? (
          <EpicForm groupId={group.id} basePath={pathname} epic={e} />
        ) : (
          <p className="muted">You need at least the Planner role to edit epics.</p>
        )}
      </section>
    )
  }
  return (
    <section className="card" data-testid="epic-page" data-iid={e.iid}>
      <p>
        <Link href={pathname}>← Epics</Link>
      </p>
      <div className="section-header">
        <h2 data-testid="epic-title">
          {e.title} <span className="muted">{e.references.short}</span>
        </h2>
        <EpicActions
          groupId={group.id}
          epic={e}
          basePath={pathname}
          canWrite={rights.write}
          canDelete={rights.destroy}
        />
      </div>
      <DetailList
        testId="epic-details"
        items={[
          [
            'State',
            <Badge key="state" tone={e.state === 'closed' ? 'muted' : 'ok'} testId="epic-state">
              {e.state === 'closed' ? 'Closed' : 'Open'}
            </Badge>,
          ],
          ['Confidential', e.confidential ? 'Yes — Planners and Reporters and above only' : 'No'],
          ['Start date', e.start_date_is_fixed ? formatDate(e.start_date_fixed) : 'None'],
          ['Due date', e.due_date_is_fixed ? formatDate(e.due_date_fixed) : 'None'],
          ['Labels', e.labels.length ? e.labels.join(', ') : 'None'],
          ['Author', e.author ? e.author.name : 'Deleted user'],
          ['Created', <RelativeTime key="created" iso={e.created_at} />],
          ['Updated', <RelativeTime key="updated" iso={e.updated_at} />],
          ...(e.closed_at
            ? [['Closed', <RelativeTime key="closed" iso={e.closed_at} />] satisfies [string, ReactNode]]
            : []),
        ]}
      />
      {e.description ? (
        <p className="epic-description pre-wrap" data-testid="epic-description">
          {e.description}
        </p>
      ) : null}
      <EpicIssuesSection epic={e} canEdit={rights.read} />
    </section>
  )
}

async function EpicIndex({ group, searchParams: sp, pathname, canCreate }: GroupSectionProps & { canCreate: boolean }) {
  const state = epicStateTab(one(sp.state))
  const search = one(sp.search) || undefined
  const list = await apiList(endpoints.epic.list, {
    id: group.id,
    state,
    search,
    page: intParam(sp.page),
    per_page: 20,
  })
  return (
    <section className="card" data-testid="epics-section">
      <div className="section-header">
        <h2>Epics</h2>
        {canCreate && (
          <Link className={buttonClass('primary')} href={`${pathname}/new`} data-testid="epic-new-link">
            New epic
          </Link>
        )}
      </div>
      <p className="muted">
        Plan work across the group and its subgroups: an epic gathers issues under one goal with a start and a due date.
      </p>
      {list.ok ? (
        <EpicList epics={list.items} basePath={pathname} pageInfo={list.pageInfo} state={state} search={search} />
      ) : (
        <ErrorState status={list.status} body={list.error} title="Could not load epics" />
      )}
    </section>
  )
}
