// CI/CD → Schedules of a project (GitLab's /-/pipeline_schedules): the schedules with their next
// runs, last pipeline and owner, a form for a new one (Developer+), and per-schedule actions
// (changes for the owner or a Maintainer+, as the API enforces). /-/pipeline_schedules/:id is one
// schedule's page (./pipeline-schedule.tsx).
import { notFound } from 'next/navigation'
import { ErrorState } from '@/components/error-state'
import { EmptyState } from '@/components/ui'
import { buttonClass } from '@/components/ui/button'
import { ScheduleForm } from '@/components/pipeline-schedules/schedule-form'
import { SchedulesTable } from '@/components/pipeline-schedules/schedules-table'
import { scheduleView } from '@/components/pipeline-schedules/types'
import { api, apiList } from '@/lib/console/api'
import { intParam } from '@/lib/console/paths'
import { apiActor } from '@/lib/console/session'
import type { ProjectSectionProps } from './index'
import { PipelineSchedulePage } from './pipeline-schedule'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function ProjectPipelineSchedules(props: ProjectSectionProps) {
  const { rest = [] } = props
  if (rest.length > 0) {
    const id = intParam(rest[0])
    if (!id || rest.length > 1) notFound()
    return <PipelineSchedulePage {...props} scheduleId={id} />
  }
  return <ScheduleIndex {...props} />
}

async function ScheduleIndex({ project, searchParams: sp, pathname }: ProjectSectionProps) {
  const actor = await apiActor()
  const canMaintain = project.abilities.admin_pipeline_schedule
  const canCreate = project.abilities.create_pipeline_schedule

  const list = await apiList(endpoints.pipelineSchedule.list, { id: project.id, page: intParam(sp.page), per_page: 20 })
  // The list leaves out the last pipeline, variables and inputs; each schedule's own GET carries them.
  const schedules = await Promise.all(
    list.items.map(async (s) => {
      const one = await api(endpoints.pipelineSchedule.show, { id: project.id, pipeline_schedule_id: s.id })
      return one.ok ? scheduleView(one.body) : s
    }),
  )

  return (
    <section className="card" data-testid="schedules-section">
      <div className="section-header">
        <h2>Pipeline schedules</h2>
        {/* The list comes first; the form waits below it. */}
        {canCreate && (
          <a className={buttonClass('primary')} href="#new-schedule" data-testid="new-schedule-link">
            New schedule
          </a>
        )}
      </div>
      <p className="muted">
        Run pipelines on a branch or tag at a fixed interval, written in cron syntax and evaluated in the
        schedule&apos;s time zone.
      </p>
      {!list.ok ? (
        <ErrorState status={list.status} body={list.error} title="Could not load pipeline schedules" />
      ) : schedules.length === 0 ? (
        <EmptyState title="No pipeline schedules yet" testId="schedules-empty">
          A schedule runs a pipeline on a branch or tag at the times its cron names.
        </EmptyState>
      ) : (
        <SchedulesTable
          projectId={project.id}
          schedulesPath={pathname}
          schedules={schedules}
          currentUserId={actor?.user.id ?? null}
          canMaintain={canMaintain}
          canPlay={canCreate}
          pager={{ info: list.pageInfo, pathname }}
        />
      )}
      {canCreate && (
        <div id="new-schedule" className="schedule-new" data-testid="new-schedule-block">
          <ScheduleForm projectId={project.id} defaultRef={project.default_branch} />
        </div>
      )}
    </section>
  )
}
