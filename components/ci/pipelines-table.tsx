'use client'
// A project's pipelines in the console's table (CI/CD → Pipelines).
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { ItemOf } from '@/lib/console/endpoint-call'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { RelativeTime } from '../ui/relative-time'
import { DataTable } from '../ui/table'
import { StatusBadge } from './status-badge'

type Pipeline = ItemOf<typeof endpoints.pipeline.list>

export function PipelinesTable({ pipelines, pipelinesPath }: { pipelines: Pipeline[]; pipelinesPath: string }) {
  const columns: ColumnDef<Pipeline>[] = [
    { header: 'Status', id: 'status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      header: 'Pipeline',
      id: 'pipeline',
      cell: ({ row: { original: p } }) => (
        <>
          <Link href={`${pipelinesPath}/${p.id}`} data-testid={`pipeline-link-${p.id}`}>
            #{p.id}
          </Link>{' '}
          <span className="muted">(#{p.iid})</span>
        </>
      ),
    },
    {
      header: 'Ref',
      id: 'ref',
      meta: { className: 'wrap' },
      cell: ({ row: { original: p } }) => (
        <>
          {p.ref} <code className="small">{p.sha.slice(0, 8)}</code>
        </>
      ),
    },
    { header: 'Source', id: 'source', cell: ({ row }) => row.original.source },
    { header: 'Created', id: 'created', cell: ({ row }) => <RelativeTime iso={row.original.created_at} /> },
  ]
  return (
    <DataTable
      data={pipelines}
      columns={columns}
      getRowId={(p) => String(p.id)}
      rowTestId="pipeline-row"
      testId="pipelines-table"
    />
  )
}
