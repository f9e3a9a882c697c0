// Runners as a table (Admin → Runners, a group's or project's CI/CD → Runners). The REST list
// entity has no tags, version or contact time, so each row's details come from GET /runners/:id
// and its job count from GET /runners/:id/jobs' X-Total (one page of at most 20 rows).
import type { ReactNode } from 'react'
import { api } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { BodyOf } from '@/lib/api/endpoint'
import type { ItemOf } from '@/lib/console/endpoint-call'
import { RunnersDataTable } from './runners-data-table'

/** A runner of the REST lists with, once withDetails() ran, its details and job count. */
export type RunnerRow = ItemOf<typeof endpoints.runner.listAll> &
  Partial<BodyOf<typeof endpoints.runner.show>> & { jobs?: number | null }

export async function withDetails(rows: RunnerRow[]): Promise<RunnerRow[]> {
  return Promise.all(
    rows.map(async (r) => {
      const [one, jobs] = await Promise.all([
        api(endpoints.runner.show, { id: r.id }),
        api(endpoints.runner.jobs, { id: r.id, per_page: 1 }),
      ])
      const total = jobs.ok ? Number(jobs.headers.get('x-total') ?? NaN) : NaN
      return { ...r, ...(one.ok ? one.body : {}), jobs: Number.isFinite(total) ? total : null }
    }),
  )
}

/**
 * The rows with their links and actions rendered here on the server (the actions are client
 * buttons, passed to the client table as elements).
 */
export function RunnersTable({
  rows,
  detailHref,
  actions,
}: {
  rows: RunnerRow[]
  detailHref?: (r: RunnerRow) => string
  actions?: (r: RunnerRow) => ReactNode
}) {
  return (
    <RunnersDataTable
      rows={rows.map((r) => ({ ...r, href: detailHref?.(r), actions: actions?.(r) }))}
      withActions={!!actions}
    />
  )
}
