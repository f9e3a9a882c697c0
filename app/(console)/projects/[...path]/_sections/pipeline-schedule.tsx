// One pipeline schedule (/-/pipeline_schedules/:id; GitLab's own URL for it, …/:id/edit, redirects
// here): what runs when, whose it is, its variables and inputs, its last pipeline and the pipelines
// it triggered, with the actions the viewer may take (the list's rules: Play for Developer+, changes
// for the owner or a Maintainer+, Take ownership for a Maintainer of someone else's schedule).
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { StatusBadge } from '@/components/ci/status-badge'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { ScheduleNextRun } from '@/components/pipeline-schedules/next-run'
import { ScheduleDetailActions } from '@/components/pipeline-schedules/schedule-detail-actions'
import { SchedulePipelines } from '@/components/pipeline-schedules/schedule-pipelines'
import { ScheduleVariables } from '@/components/pipeline-schedules/schedule-variables'
import { describeCron, scheduleView, shortRef, type PipelineSchedule } from '@/components/pipeline-schedules/types'
import { Badge } from '@/components/ui/badge'
import { RelativeTime } from '@/components/ui/relative-time'
import { api } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { consolePath } from '@/lib/console/paths'
import { apiActor } from '@/lib/console/session'
import { resolveTimeZone } from '@/lib/pipeline-schedules/timezones'
import type { ProjectSectionProps } from './index'

export async function PipelineSchedulePage({
  project,
  pathname,
  scheduleId,
}: ProjectSectionProps & { scheduleId: number }) {
  const [res, actor] = await Promise.all([
    api(endpoints.pipelineSchedule.show, { id: project.id, pipeline_schedule_id: scheduleId }),
    apiActor(),
  ])
  // 403: the viewer may not read the project's schedules at all (a Guest); no schedule to show either way.
  if (res.status === 404 || res.status === 403) notFound()
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this schedule" />
  const s = scheduleView(res.body)
  const viewerId = actor?.user.id ?? null
  const isOwner = s.owner !== null && s.owner.id === viewerId
  const canMaintain = project.abilities.admin_pipeline_schedule
  const pipelinesPath = consolePath('projects', project.path_with_namespace, 'pipelines')

  return (
    <section className="card" data-testid="schedule-page" data-id={s.id}>
      <p>
        <Link href={pathname}>← All schedules</Link>
      </p>
      <h2 data-testid="schedule-title">
        {s.description}{' '}
        <Badge tone={s.active ? 'ok' : 'muted'} testId="schedule-state">
          {s.active ? 'Active' : 'Inactive'}
        </Badge>
      </h2>
      <ScheduleDetailActions
        projectId={project.id}
        schedule={s}
        listPath={pathname}
        canPlay={project.abilities.create_pipeline_schedule}
        canChange={isOwner || canMaintain}
        canTakeOwnership={!isOwner && canMaintain}
      />
      <DetailList
        testId="schedule-details"
        items={[
          ['Target', <Target key="ref" gitRef={s.ref} />],
          ['Interval', <Interval key="cron" schedule={s} />],
          [
            'Next run',
            <div key="next" data-testid="schedule-next-run-at">
              <ScheduleNextRun schedule={s} />
            </div>,
          ],
          [
            'Owner',
            <span key="owner" data-testid="schedule-owner">
              {s.owner ? <Owner owner={s.owner} admin={!!actor?.user.admin} /> : <span className="muted">None</span>}
            </span>,
          ],
          [
            'Last pipeline',
            <span key="last" data-testid="schedule-last-pipeline">
              {s.last_pipeline ? (
                <>
                  <Link href={`${pipelinesPath}/${s.last_pipeline.id}`} data-testid="schedule-last-pipeline-link">
                    #{s.last_pipeline.id}
                  </Link>{' '}
                  <StatusBadge status={s.last_pipeline.status} />{' '}
                  {s.last_pipeline.created_at && <RelativeTime iso={s.last_pipeline.created_at} />}
                </>
              ) : (
                <span className="muted">None yet</span>
              )}
            </span>,
          ],
          ['Created', <RelativeTime key="created" iso={res.body.created_at} testId="schedule-created-at" />],
          ['Updated', <RelativeTime key="updated" iso={res.body.updated_at} testId="schedule-updated-at" />],
          ['Variables', <ScheduleVariables key="vars" variables={s.variables ?? []} />],
          ['Inputs', <Inputs key="inputs" inputs={s.inputs ?? []} />],
        ]}
      />
      <section className="schedule-panel" aria-labelledby="schedule-pipelines-heading">
        <h3 id="schedule-pipelines-heading">Pipelines of this schedule</h3>
        <SchedulePipelines projectId={project.id} scheduleId={s.id} pipelinesPath={pipelinesPath} />
      </section>
    </section>
  )
}

function Target({ gitRef }: { gitRef: string }) {
  return (
    <span data-testid="schedule-ref">
      <code>{shortRef(gitRef)}</code>
      {gitRef.startsWith('refs/tags/') && <span className="muted small"> (tag)</span>}
    </span>
  )
}

/** The cron in words where a preset names it, the expression itself, and the zone it is read in. */
function Interval({ schedule: s }: { schedule: PipelineSchedule }) {
  const words = describeCron(s.cron)
  const zone = resolveTimeZone(s.cron_timezone)
  return (
    <div data-testid="schedule-cron">
      {words !== s.cron && <div>{words}</div>}
      <code>{s.cron}</code>{' '}
      <span className="muted" data-testid="schedule-timezone">
        in {s.cron_timezone}
        {zone && zone !== s.cron_timezone ? ` (${zone})` : ''}
      </span>
    </div>
  )
}

/** An administrator opens the owner in the Admin area; the console has no user page for anyone else. */
function Owner({ owner, admin }: { owner: NonNullable<PipelineSchedule['owner']>; admin: boolean }) {
  const label = `${owner.name} (@${owner.username})`
  return admin ? (
    <Link href={`/admin/users/${owner.id}`} data-testid="schedule-owner-link">
      {label}
    </Link>
  ) : (
    label
  )
}

function Inputs({ inputs }: { inputs: NonNullable<PipelineSchedule['inputs']> }) {
  if (inputs.length === 0) return <span className="muted">None</span>
  return (
    <ul className="schedule-values" data-testid="schedule-inputs">
      {inputs.map((i) => (
        <li key={i.name} data-testid="schedule-input">
          <code>{i.name}</code> = <code>{typeof i.value === 'string' ? i.value : JSON.stringify(i.value)}</code>
        </li>
      ))}
    </ul>
  )
}
