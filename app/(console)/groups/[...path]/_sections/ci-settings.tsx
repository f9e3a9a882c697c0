// Settings → CI/CD → Runners of a group (GitLab's /groups/:path/-/settings/ci_cd): the group's and
// its ancestors' runners plus instance runners, new group runners and the registration token.
import { ConfirmButton } from '@/components/ui/confirm'
import { ErrorState } from '@/components/error-state'
import { Pager } from '@/components/ui/pager'
import { RegistrationToken } from '@/components/ci/registration-token'
import { NewRunnerForm, PauseButton } from '@/components/ci/runner-form'
import { RunnersTable, withDetails } from '@/components/ci/runners-table'
import { api, apiList } from '@/lib/console/api'
import { intParam } from '@/lib/console/paths'
import { config } from '@/lib/config'
import type { GroupSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function GroupCiSettings({ group, searchParams: sp, pathname }: GroupSectionProps) {
  const list = await apiList(endpoints.runner.listForGroup, { id: group.id, page: intParam(sp.page), per_page: 20 })
  const rows = list.ok ? await withDetails(list.items) : []
  const detail = await api(endpoints.group.show, { id: group.id, with_projects: false })
  const owner = group.abilities.admin_runner
  return (
    <>
      <section className="card" data-testid="group-runners">
        <h2>Runners</h2>
        <p className="muted">Group runners take the jobs of every project in this group and its subgroups.</p>
        {!list.ok ? (
          <ErrorState status={list.status} body={list.error} title="Could not load runners" />
        ) : rows.length === 0 ? (
          <p className="muted" data-testid="runners-empty">
            No runner serves this group yet.
          </p>
        ) : (
          <RunnersTable
            rows={rows}
            actions={(r) =>
              owner && r.runner_type === 'group_type' ? (
                <>
                  <PauseButton id={r.id} paused={r.paused} />
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
      </section>
      {owner && (
        <section className="card">
          <h2>New group runner</h2>
          <NewRunnerForm owner={{ runner_type: 'group_type', group_id: group.id }} serverUrl={config().externalUrl} />
          {detail.ok && detail.body.runners_token ? (
            <RegistrationToken
              token={detail.body.runners_token}
              reset={{ endpoint: endpoints.runner.resetGroupRegistrationToken, params: { id: group.id } }}
            />
          ) : null}
        </section>
      )}
    </>
  )
}
