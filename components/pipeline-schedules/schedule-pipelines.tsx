'use client'
// A schedule's pipelines (GET …/pipeline_schedules/:id/pipelines), polled every 3 s so the ones
// the scheduler or Play creates show up without a reload.
import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { useMemo } from 'react'
import { StatusBadge } from '@/components/ci/status-badge'
import { DataTable, EmptyState, Skeleton } from '@/components/ui'
import { useApi } from '../console-providers'
import { formatTime } from './types'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { ItemOf } from '@/lib/console/endpoint-call'

type SchedulePipeline = ItemOf<typeof endpoints.pipelineSchedule.pipelines>

export const pipelinesKey = (projectId: number, scheduleId: number) => [
  'pipeline-schedule-pipelines',
  projectId,
  scheduleId,
]

/** The columns; with the project's pipelines URL each pipeline links to its page. */
function columns(pipelinesPath: string | undefined): ColumnDef<SchedulePipeline>[] {
  return [
    {
      header: 'Pipeline',
      id: 'id',
      cell: ({ row: { original: p } }) =>
        pipelinesPath ? (
          <Link href={`${pipelinesPath}/${p.id}`} data-testid="schedule-pipeline-link">{`#${p.id}`}</Link>
        ) : (
          `#${p.id}`
        ),
    },
    { header: 'Status', id: 'status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { header: 'Source', accessorKey: 'source' },
    {
      header: 'Created',
      id: 'created_at',
      cell: ({ row }) => (row.original.created_at ? formatTime(row.original.created_at) : ''),
    },
  ]
}

export function SchedulePipelines({
  projectId,
  scheduleId,
  pipelinesPath,
}: {
  projectId: number
  scheduleId: number
  pipelinesPath?: string
}) {
  const api = useApi()
  // Constant per page: a poll's new rows keep the table's cells mounted.
  const cols = useMemo(() => columns(pipelinesPath), [pipelinesPath])
  const q = useQuery({
    queryKey: pipelinesKey(projectId, scheduleId),
    queryFn: () =>
      api(endpoints.pipelineSchedule.pipelines, {
        id: projectId,
        pipeline_schedule_id: scheduleId,
        per_page: 20,
        sort: 'desc',
      }),
    refetchInterval: 3000,
    staleTime: 0,
  })
  if (q.isPending) return <Skeleton testId="schedule-pipelines-loading" />
  if (q.isError)
    return (
      <p className="field-error" role="alert">
        {q.error.message}
      </p>
    )
  const rows = [...q.data].sort((a, b) => b.id - a.id)
  return (
    <div data-testid="schedule-pipelines">
      {rows.length === 0 ? (
        <EmptyState title="No pipelines yet." testId="schedule-pipelines-empty" />
      ) : (
        <DataTable
          data={rows}
          columns={cols}
          getRowId={(p) => String(p.id)}
          rowTestId="schedule-pipeline-row"
          rowAttributes={(p) => ({ 'data-id': String(p.id), 'data-source': p.source })}
          testId="schedule-pipelines-table"
        />
      )}
    </div>
  )
}
