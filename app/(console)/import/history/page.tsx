// Import → History: the caller's migrations, each with its groups and projects, their status,
// what each relation brought (source / fetched / imported), failures, and cancel.
import { ErrorState } from '@/components/error-state'
import { ApiActionButton } from '@/components/ci/pipeline-actions'
import { StatusBadge } from '@/components/ci/status-badge'
import { EmptyState, PageHeader, Pager, RelativeTime } from '@/components/ui'
import { apiList, requireUser } from '@/lib/console/api'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { ImportTabs } from '../import-tabs'
import { MigrationEntitiesTable } from './entities-table'
import { MIGRATION_TONE } from './tone'

export const metadata = { title: 'Import · History' }

export default async function ImportHistoryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireUser(pathWithQuery('/import/history', sp))
  const list = await apiList(endpoints.bulkImport.list, { page: intParam(sp.page), per_page: 10 })
  const entities = await Promise.all(
    list.items.map((m) => apiList(endpoints.bulkImport.entities, { import_id: m.id, per_page: 100, sort: 'asc' })),
  )
  return (
    <>
      <PageHeader crumbs={[{ label: 'Import', href: '/import' }, { label: 'History' }]} title="Import history" />
      <ImportTabs />
      {!list.ok ? (
        list.status === 404 ? (
          <p className="muted" data-testid="history-disabled">
            Direct transfer is off on this instance.
          </p>
        ) : (
          <ErrorState status={list.status} body={list.error} title="Could not load the import history" />
        )
      ) : list.items.length === 0 ? (
        <EmptyState title="No migrations yet." testId="history-empty">
          Migrations you start from Import → Migrate groups by direct transfer are listed here.
        </EmptyState>
      ) : (
        list.items.map((m, i) => (
          <section key={m.id} className="card" data-testid={`migration-${m.id}`}>
            <h2>
              Migration #{m.id}{' '}
              <span data-testid={`migration-${m.id}-status`}>
                <StatusBadge status={MIGRATION_TONE[m.status] ?? m.status} />
              </span>{' '}
              <span className="muted small">{m.status}</span>
            </h2>
            <p className="muted">
              From {m.source_url}, started <RelativeTime iso={m.created_at} />, last change{' '}
              <RelativeTime iso={m.updated_at} />
              {m.has_failures ? ' — with failures' : ''}
            </p>
            {(m.status === 'created' || m.status === 'started') && (
              <p>
                <ApiActionButton
                  endpoint={endpoints.bulkImport.cancel}
                  params={{ import_id: m.id }}
                  label="Cancel"
                  testId={`cancel-migration-${m.id}`}
                  danger
                />
              </p>
            )}
            <MigrationEntitiesTable entities={entities[i]?.items ?? []} />
          </section>
        ))
      )}
      {list.ok && <Pager info={list.pageInfo} pathname="/import/history" />}
    </>
  )
}
