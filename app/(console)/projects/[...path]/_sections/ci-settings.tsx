// Settings → CI/CD → Runners (GitLab's /-/settings/ci_cd): the runners this project can use, new
// project runners, assigning other project runners the viewer manages, and the registration token.
import { ConfirmButton } from '@/components/ui/confirm'
import { ErrorState } from '@/components/error-state'
import { Pager } from '@/components/ui/pager'
import { AssignRunner, UnassignButton } from '@/components/ci/assign-runner'
import { RegistrationToken } from '@/components/ci/registration-token'
import { NewRunnerForm, PauseButton } from '@/components/ci/runner-form'
import { RunnersTable, withDetails } from '@/components/ci/runners-table'
import { api, apiList } from '@/lib/console/api'
import { intParam } from '@/lib/console/paths'
import { config } from '@/lib/config'
import type { ProjectSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function ProjectCiSettings({ project, searchParams: sp, pathname }: ProjectSectionProps) {
  const list = await apiList(endpoints.runner.listForProject, { id: project.id, page: intParam(sp.page), per_page: 20 })
  const rows = list.ok ? await withDetails(list.items) : []
  const own = await apiList(endpoints.runner.list, { type: 'project_type', per_page: 100 })
  const assigned = new Set(rows.map((r) => r.id))
  const candidates = own.ok ? own.items.filter((r) => !assigned.has(r.id)) : []
  const detail = await api(endpoints.project.show, { id: project.id })
  return (
    <>
      <section className="card" data-testid="project-runners">
        <h2>Runners</h2>
        <p className="muted">
          Project runners run only this project&apos;s jobs; group and instance runners shown here serve it too.
        </p>
        {!list.ok ? (
          <ErrorState status={list.status} body={list.error} title="Could not load runners" />
        ) : rows.length === 0 ? (
          <p className="muted" data-testid="runners-empty">
            No runner can take this project&apos;s jobs yet.
          </p>
        ) : (
          <RunnersTable
            rows={rows}
            actions={(r) =>
              r.runner_type === 'project_type' ? (
                <>
                  <PauseButton id={r.id} paused={r.paused} />
                  <UnassignButton projectId={project.id} runnerId={r.id} />
                  <ConfirmButton
                    endpoint={endpoints.runner.remove}
                    params={{ id: r.id }}
                    label="Delete"
                    pendingLabel="Deleting…"
                    question={`Delete runner #${r.id}?`}
                    ariaLabel={`Delete runner ${r.id}`}
                    testId={`delete-runner-${r.id}`}
                    done={`Runner #${r.id} deleted.`}
                  />
                </>
              ) : null
            }
          />
        )}
        {list.ok && <Pager info={list.pageInfo} pathname={pathname} />}
        {candidates.length > 0 && (
          <AssignRunner
            projectId={project.id}
            runners={candidates.map((r) => ({ id: r.id, description: r.description }))}
          />
        )}
      </section>
      <section className="card">
        <h2>New project runner</h2>
        <NewRunnerForm
          owner={{ runner_type: 'project_type', project_id: project.id }}
          serverUrl={config().externalUrl}
        />
        {detail.ok && detail.body.runners_token ? (
          <RegistrationToken
            token={detail.body.runners_token}
            reset={{ endpoint: endpoints.runner.resetProjectRegistrationToken, params: { id: project.id } }}
          />
        ) : null}
      </section>
    </>
  )
}
