// Runners as a table (Admin → Runners, a group's or project's CI/CD → Runners). The REST list
// entity has no tags, version or contact time, so each row's details come from GET /runners/:id
// and its job count from GET /runners/:id/jobs' X-Total (one page of at most 20 rows).
import Link from 'next/link'
import type { ReactNode } from 'react'
import { api } from '@/lib/console/api'
import { endpoints } from '@/lib/console/endpoint-refs'
import type { BodyOf } from '@/lib/api/endpoint'
import type { ItemOf } from '@/lib/console/endpoint-call'
import { RelativeTime } from '@/components/ui/relative-time'
import { StatusBadge } from './status-badge'

/** A runner of the REST lists with, once withDetails() ran, its details and job count. */
export type RunnerRow = ItemOf<typeof endpoints.runner.listAll> & Partial<BodyOf<typeof endpoints.runner.show>> & { jobs?: number | null }

const TYPE_LABEL: Record<string, string> = { instance_type: 'Instance', group_type: 'Group', project_type: 'Project' }

export async function withDetails(rows: RunnerRow[]): Promise<RunnerRow[]> {
  return Promise.all(
    rows.map(async (r) => {
      const [one, jobs] = await Promise.all([api(endpoints.runner.show, { id: r.id }), api(endpoints.runner.jobs, { id: r.id, per_page: 1 })])
      const total = jobs.ok ? Number(jobs.headers.get('x-total') ?? NaN) : NaN
      return { ...r, ...(one.ok ? one.body : {}), jobs: Number.isFinite(total) ? total : null }
    }),
  )
}

export function RunnersTable({ rows, detailHref, actions }: { rows: RunnerRow[]; detailHref?: (r: RunnerRow) => string; actions?: (r: RunnerRow) => ReactNode }) {
  return (
    <table className="table" data-testid="runners-table">
      <thead>
        <tr>
          <th>Status</th>
          <th>Runner</th>
          <th>Type</th>
          <th>Tags</th>
          <th>Version</th>
          <th>Last contact</th>
          <th>Jobs</th>
          {actions && <th>Actions</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid={`runner-row-${r.id}`}>
            <td>
              <StatusBadge status={r.status} testId={`runner-${r.id}-status`} />
              {r.paused && r.status !== 'paused' ? <StatusBadge status="paused" /> : null}
            </td>
            <td className="wrap">
              {detailHref ? <Link href={detailHref(r)}>#{r.id}</Link> : `#${r.id}`} {r.description || <span className="muted">(no description)</span>}
              {r.locked ? <span className="badge">locked</span> : null}
            </td>
            <td>{TYPE_LABEL[r.runner_type] ?? r.runner_type}</td>
            <td>
              <span className="tag-list">
                {(r.tag_list ?? []).length ? (
                  r.tag_list!.map((t) => (
                    <span key={t} className="badge">
                      {t}
                    </span>
                  ))
                ) : (
                  <span className="muted">untagged</span>
                )}
              </span>
            </td>
            <td>{r.version ?? <span className="muted">—</span>}</td>
            <td>
              <RelativeTime iso={r.contacted_at} testId={`runner-${r.id}-contacted`} />
            </td>
            <td>{r.jobs ?? '—'}</td>
            {actions && (
              <td>
                <div className="actions">{actions(r)}</div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
