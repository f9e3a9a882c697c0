// Plan → Issues of a project, at GitLab's URLs: /-/issues (list with state tabs and search),
// /-/issues/new, /-/issues/:iid (fields, epic, close/reopen) and /-/issues/:iid/edit. The API
// decides who may create, edit or close (Guest+ create; the author, assignees and Planner+ edit):
// the buttons show for signed-in viewers and the API's refusal is shown where it happens.
import { notFound } from 'next/navigation'
import Link from 'next/link'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { formatDate } from '@/components/format'
import { IssueForm } from '@/components/issues/issue-form'
import { IssueList } from '@/components/issues/issue-list'
import { IssueStateButton } from '@/components/issues/issue-state-button'
import { Badge } from '@/components/ui/badge'
import { buttonClass } from '@/components/ui/button'
import { RelativeTime } from '@/components/ui/relative-time'
import { Tabs } from '@/components/ui/tabs'
import { api, apiList } from '@/lib/console/api'
import { intParam, one } from '@/lib/console/paths'
import { apiActor } from '@/lib/console/session'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { ProjectSectionProps } from './index'

const STATES = [
  ['opened', 'Open'],
  ['closed', 'Closed'],
  ['all', 'All'],
] as const

export async function ProjectIssues(props: ProjectSectionProps) {
  const { project, pathname, rest = [] } = props
  const signedIn = (await apiActor()) !== null
  if (rest.length === 0) return <IssueIndex {...props} signedIn={signedIn} />
  if (rest.length === 1 && rest[0] === 'new') {
    return (
      <section className="card" data-testid="issue-new">
        <p>
          <Link href={pathname}>← All issues</Link>
        </p>
        <h2>New issue</h2>
        {signedIn ? (
          <IssueForm projectId={project.id} basePath={pathname} />
        ) : (
          <p className="muted">Sign in to create issues.</p>
        )}
      </section>
    )
  }
  const iid = intParam(rest[0])
  if (!iid || rest.length > 2 || (rest.length === 2 && rest[1] !== 'edit')) notFound()
  if (rest.length === 2) return <IssueEdit {...props} iid={iid} />
  return <IssueView {...props} iid={iid} signedIn={signedIn} />
}

async function IssueIndex({
  project,
  searchParams: sp,
  pathname,
  signedIn,
}: ProjectSectionProps & { signedIn: boolean }) {
  const stateParam = one(sp.state)
  const state = STATES.find(([s]) => s === stateParam)?.[0] ?? 'opened'
  const search = one(sp.search)
  const list = await apiList(endpoints.issue.list, {
    id: project.id,
    state,
    search: search || undefined,
    page: intParam(sp.page),
    per_page: 20,
  })
  return (
    <section className="card" data-testid="issues-section">
      <div className="section-header">
        <h2>Issues</h2>
        {signedIn && list.ok && (
          <Link className={buttonClass('primary')} href={`${pathname}/new`} data-testid="issue-new-link">
            New issue
          </Link>
        )}
      </div>
      <div data-testid="issue-state-tabs">
        <Tabs
          label="Issue state"
          items={STATES.map(([s, label]) => ({
            href: `${pathname}?state=${s}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
            label,
            testId: `issue-state-tab-${s}`,
            active: s === state,
          }))}
        />
      </div>
      {list.ok ? (
        <IssueList issues={list.items} basePath={pathname} pageInfo={list.pageInfo} query={{ state, search }} />
      ) : (
        <ErrorState status={list.status} body={list.error} title="Could not load issues" />
      )}
    </section>
  )
}

/** The epic's console URL needs its group's path: the namespace endpoint gives it. */
async function epicHref(groupId: number, iid: number): Promise<string | null> {
  const ns = await api(endpoints.namespace.show, { id: groupId })
  return ns.ok ? `/groups/${ns.body.full_path}/-/epics/${iid}` : null
}

async function IssueView({
  project,
  pathname,
  iid,
  signedIn,
}: ProjectSectionProps & { iid: number; signedIn: boolean }) {
  const res = await api(endpoints.issue.show, { id: project.id, issue_iid: iid })
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this issue" />
  const issue = res.body
  const epic = issue.epic
  const epicLink = epic ? await epicHref(epic.group_id, epic.iid) : null
  return (
    <section className="card" data-testid="issue-view">
      <p>
        <Link href={pathname}>← All issues</Link>
      </p>
      <h2 data-testid="issue-title">
        {issue.title} <span className="muted small">{issue.references.short}</span>
      </h2>
      <p>
        <Badge tone={issue.state === 'opened' ? 'ok' : 'muted'} testId="issue-state">
          {issue.state === 'opened' ? 'Open' : 'Closed'}
        </Badge>{' '}
        {issue.confidential && (
          <Badge tone="warn" testId="issue-confidential">
            Confidential
          </Badge>
        )}
      </p>
      <p className="muted small">
        Opened by {issue.author?.name ?? 'a deleted user'} · <RelativeTime iso={issue.created_at} /> · updated{' '}
        <RelativeTime iso={issue.updated_at} />
        {issue.closed_at ? (
          <>
            {' '}
            · closed <RelativeTime iso={issue.closed_at} />
            {issue.closed_by ? ` by ${issue.closed_by.name}` : ''}
          </>
        ) : null}
      </p>
      {issue.description && <p className="pre-wrap">{issue.description}</p>}
      <DetailList
        testId="issue-details"
        items={[
          ['Labels', issue.labels.join(', ') || '—'],
          ['Assignees', issue.assignees.map((a) => a.name).join(', ') || '—'],
          ['Due date', issue.due_date ? formatDate(issue.due_date) : '—'],
          ['Weight', issue.weight ?? '—'],
          [
            'Epic',
            <span key="epic" data-testid="issue-epic">
              {epic ? (
                epicLink ? (
                  <Link href={epicLink}>{`&${epic.iid} ${epic.title}`}</Link>
                ) : (
                  `&${epic.iid} ${epic.title}`
                )
              ) : (
                '—'
              )}
            </span>,
          ],
        ]}
      />
      {signedIn && (
        <div className="actions">
          <Link className={buttonClass()} href={`${pathname}/${issue.iid}/edit`} data-testid="issue-edit-link">
            Edit
          </Link>
          <IssueStateButton projectId={project.id} iid={issue.iid} state={issue.state} />
        </div>
      )}
    </section>
  )
}

async function IssueEdit({ project, pathname, iid }: ProjectSectionProps & { iid: number }) {
  const res = await api(endpoints.issue.show, { id: project.id, issue_iid: iid })
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this issue" />
  return (
    <section className="card" data-testid="issue-edit">
      <p>
        <Link href={`${pathname}/${iid}`}>← Back to the issue</Link>
      </p>
      <h2>Edit issue</h2>
      <IssueForm projectId={project.id} basePath={pathname} issue={res.body} />
    </section>
  )
}
