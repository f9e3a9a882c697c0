// Admin → Runners: every runner of the instance with server-side filters (GET /runners/all),
// pause/resume and delete, and "New instance runner" (POST /user/runners) showing its token once.
import { ErrorState } from '@/components/error-state'
import { Button, buttonClass } from '@/components/ui/button'
import { ConfirmButton } from '@/components/ui/confirm'
import { Input } from '@/components/ui/input'
import { PageHeader } from '@/components/ui/page-header'
import { Pager } from '@/components/ui/pager'
import { Select } from '@/components/ui/select'
import { NewRunnerForm, PauseButton } from '@/components/ci/runner-form'
import { RunnersTable, withDetails } from '@/components/ci/runners-table'
import { apiList, requireAdmin } from '@/lib/console/api'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { config } from '@/lib/config'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Runners · Admin area' }
const PATH = '/admin/runners'
const TYPES = [
  ['', 'All types'],
  ['instance_type', 'Instance'],
  ['group_type', 'Group'],
  ['project_type', 'Project'],
] as const
const STATUSES = [
  ['', 'Any status'],
  ['online', 'Online'],
  ['offline', 'Offline'],
  ['never_contacted', 'Never contacted'],
  ['stale', 'Stale'],
] as const
const PAUSED = [
  ['', 'Paused or not'],
  ['false', 'Active'],
  ['true', 'Paused'],
] as const

export default async function AdminRunnersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  // Only the values the selects offer reach the API (anything else in the URL is ignored, as 'All').
  const offered = <T extends string>(
    options: readonly (readonly [T | '', string])[],
    v: string | undefined,
  ): T | undefined => options.find((o): o is readonly [T, string] => o[0] !== '' && o[0] === v)?.[0]
  const filters = {
    type: offered(TYPES, one(sp.type)),
    status: offered(STATUSES, one(sp.status)),
    paused: one(sp.paused),
    tag_list: one(sp.tag_list),
    search: one(sp.search),
  }
  const list = await apiList(endpoints.runner.listAll, { ...filters, page: intParam(sp.page), per_page: 20 })
  const rows = list.ok ? await withDetails(list.items) : []
  const select = (name: keyof typeof filters, options: readonly (readonly [string, string])[]) => (
    <Select name={name} defaultValue={filters[name] ?? ''} options={options} data-testid={`runners-filter-${name}`} />
  )
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Runners' }]}
        title="Runners"
        actions={
          // The list comes first (what an administrator opens the page for); the form waits below it.
          <a className={buttonClass('primary')} href="#new-runner" data-testid="new-runner-link">
            New instance runner
          </a>
        }
      />
      <p className="muted">
        Runners take the jobs of pipelines. Instance runners serve every project that allows them; group and project
        runners only their own.
      </p>
      <section className="card" data-testid="runners-list-card">
        <form className="filters" method="get" action={PATH} role="search" data-testid="runners-filters">
          <label>Type {select('type', TYPES)}</label>
          <label>Status {select('status', STATUSES)}</label>
          <label>State {select('paused', PAUSED)}</label>
          <label>
            Tags
            <Input
              name="tag_list"
              defaultValue={filters.tag_list ?? ''}
              placeholder="linux, docker"
              data-testid="runners-filter-tags"
            />
          </label>
          <label>
            Search
            <Input
              type="search"
              name="search"
              defaultValue={filters.search ?? ''}
              placeholder="Description or full token"
              data-testid="runners-filter-search"
            />
          </label>
          <Button type="submit" data-testid="runners-filter-submit">
            Filter
          </Button>
        </form>
        {!list.ok ? (
          <ErrorState status={list.status} body={list.error} title="Could not load runners" />
        ) : rows.length === 0 ? (
          <p className="muted" data-testid="runners-empty">
            No runners match.
          </p>
        ) : (
          <RunnersTable
            rows={rows}
            detailHref={(r) => `${PATH}/${r.id}`}
            actions={(r) => (
              <>
                <PauseButton id={r.id} paused={r.paused} />
                <ConfirmButton
                  endpoint={endpoints.runner.remove}
                  params={{ id: r.id }}
                  label="Delete"
                  pendingLabel="Deleting…"
                  question={`Delete runner #${r.id}? Its jobs stay.`}
                  ariaLabel={`Delete runner ${r.id}`}
                  testId={`delete-runner-${r.id}`}
                  done={`Runner #${r.id} deleted.`}
                />
              </>
            )}
          />
        )}
        {list.ok && (
          <Pager
            info={list.pageInfo}
            pathname={PATH}
            query={Object.fromEntries(Object.entries(filters).filter(([, v]) => v))}
          />
        )}
      </section>
      <section className="card" id="new-runner" aria-labelledby="new-runner-heading" data-testid="new-runner-card">
        <h2 id="new-runner-heading">New instance runner</h2>
        <NewRunnerForm owner={{ runner_type: 'instance_type' }} serverUrl={config().externalUrl} />
      </section>
    </>
  )
}
