// CI/CD → Schedules of a project (GitLab's /-/pipeline_schedules): the schedules with their next
// runs, last pipeline and owner, a form for a new one (Developer+), and per-schedule actions
// (changes for the owner or a Maintainer+, as the API enforces).
import { ErrorState } from '@/components/error-state'
import { EmptyState } from '@/components/ui'
import { ScheduleForm } from '@/components/pipeline-schedules/schedule-form'
import { SchedulesTable } from '@/components/pipeline-schedules/schedules-table'
import type { PipelineSchedule } from '@/components/pipeline-schedules/types'
import { api, apiList } from '@/lib/console/api'
import { intParam } from '@/lib/console/paths'
import { apiActor } from '@/lib/console/session'
import type { ProjectSectionProps } from './index'
import { endpoints } from '@/lib/console/endpoint-refs'

export async function ProjectPipelineSchedules({ project, searchParams: sp, pathname }: ProjectSectionProps) {
  const actor = await apiActor()
  const canMaintain = project.abilities.admin_pipeline_schedule
  const canCreate = project.abilities.create_pipeline_schedule

  const list = await apiList(endpoints.pipelineSchedule.list, { id: project.id, page: intParam(sp.page), per_page: 20 })
  // The list leaves out the last pipeline, variables and inputs; each schedule's own GET carries them.
  const schedules = await Promise.all(
    list.items.map(async (s) => {
      const one = await api(endpoints.pipelineSchedule.show, { id: project.id, pipeline_schedule_id: s.id })
      return one.ok
        ? {
            ...s,
            last_pipeline: one.body.last_pipeline ?? null,
            variables: one.body.variables as NonNullable<PipelineSchedule['variables']> /* the schema's variable_type is a string; the form knows its two values */,
            inputs: one.body.inputs,
          }
        : s
    }),
  )

  return (
    <section className="card" data-testid="schedules-section">
      <h2>Pipeline schedules</h2>
      <p className="muted">Run pipelines on a branch or tag at a fixed interval, written in cron syntax and evaluated in the schedule&apos;s time zone.</p>
      {canCreate && <ScheduleForm projectId={project.id} defaultRef={project.default_branch} />}
      {!list.ok ? (
        <ErrorState status={list.status} body={list.error} title="Could not load pipeline schedules" />
      ) : schedules.length === 0 ? (
        <EmptyState title="No pipeline schedules yet" testId="schedules-empty">
          A schedule runs a pipeline on a branch or tag at the times its cron names.
        </EmptyState>
      ) : (
        <SchedulesTable projectId={project.id} schedules={schedules} currentUserId={actor?.user.id ?? null} canMaintain={canMaintain} pager={{ info: list.pageInfo, pathname }} />
      )}
    </section>
  )
}
