// Import → History: the caller's migrations, each with its groups and projects, their status,
// what each relation brought (source / fetched / imported), failures, and cancel.
import Link from 'next/link'
import { ErrorState } from '@/components/error-state'
import { Pager } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { ApiActionButton } from '@/components/ci/pipeline-actions'
import { StatusBadge } from '@/components/ci/status-badge'
import { apiList, requireUser } from '@/lib/console/api'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/endpoint-refs'

export const metadata = { title: 'Import · History' }

const TONE: Record<string, string> = { created: 'pending', started: 'running', finished: 'success', failed: 'failed', canceled: 'canceled', timeout: 'failed' }

export default async function ImportHistoryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireUser(pathWithQuery('/import/history', sp))
  const list = await apiList(endpoints.bulkImport.list, { page: intParam(sp.page), per_page: 10 })
  const entities = await Promise.all(list.items.map((m) => apiList(endpoints.bulkImport.entities, { import_id: m.id, per_page: 100, sort: 'asc' })))
  return (
    <>
      <h1>Import history</h1>
      <nav className="sub-nav" aria-label="Import">
        <Link href="/import">Import</Link>
        <Link href="/import/history" aria-current="page">
          History
        </Link>
      </nav>
      {!list.ok ? (
        list.status === 404 ? (
          <p className="muted" data-testid="history-disabled">
            Direct transfer is off on this instance.
          </p>
        ) : (
          <ErrorState status={list.status} body={list.error} title="Could not load the import history" />
        )
      ) : list.items.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          No migrations yet.
        </p>
      ) : (
        list.items.map((m, i) => (
          <section key={m.id} className="card" data-testid={`migration-${m.id}`}>
            <h2>
              Migration #{m.id}{' '}
              <span data-testid={`migration-${m.id}-status`}>
                <StatusBadge status={TONE[m.status] ?? m.status} />
              </span>{' '}
              <span className="muted small">{m.status}</span>
            </h2>
            <p className="muted">
              From {m.source_url}, started <RelativeTime iso={m.created_at} />, last change <RelativeTime iso={m.updated_at} />
              {m.has_failures ? ' — with failures' : ''}
            </p>
            {(m.status === 'created' || m.status === 'started') && (
              <ApiActionButton endpoint={endpoints.bulkImport.cancel} params={{ import_id: m.id }} label="Cancel" testId={`cancel-migration-${m.id}`} danger />
            )}
            <table className="table" data-testid="migration-entities">
              <thead>
                <tr>
                  <th>Status</th>
                  <th>Source</th>
                  <th>Destination</th>
                  <th>Relations (imported / source)</th>
                  <th>Failures</th>
                </tr>
              </thead>
              <tbody>
                {(entities[i]?.items ?? []).map((e) => (
                  <tr key={e.id} data-testid="migration-entity">
                    <td>
                      <StatusBadge status={TONE[e.status] ?? e.status} /> <span className="small muted">{e.status}</span>
                    </td>
                    <td className="wrap">
                      {e.entity_type} {e.source_full_path}
                    </td>
                    <td className="wrap">
                      {e.status === 'finished' ? (
                        <Link href={`/${e.entity_type === 'group' ? 'groups' : 'projects'}/${e.destination_full_path}`}>{e.destination_full_path}</Link>
                      ) : (
                        e.destination_full_path
                      )}
                    </td>
                    <td className="small">
                      {Object.entries(e.stats)
                        .map(([r, s]) => `${r} ${s.imported}/${s.source}`)
                        .join(', ') || '—'}
                    </td>
                    <td className="small">{e.failures.length ? e.failures.map((f) => `${f.relation}: ${f.exception_message}`).join('; ') : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
      {list.ok && <Pager info={list.pageInfo} pathname="/import/history" />}
    </>
  )
}
