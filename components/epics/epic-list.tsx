'use client'
// Group → Epics: state tabs (Open / Closed / All), a search box and the page of epics the API
// returned (newest first), with links to each epic's page.
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { PageInfo } from '@/lib/console/pagination'
import type { EpicJson } from '@/lib/epics/schema'
import { DataTable } from '@/components/ui/table'
import { formatDate, formatDateTime } from '../format'
import { EPIC_STATE_TABS, type EpicStateTab } from './epic-states'

function tabHref(basePath: string, state: EpicStateTab, search?: string) {
  const q = new URLSearchParams({ state })
  if (search) q.set('search', search)
  return `${basePath}?${q}`
}

export function EpicList({ epics, basePath, pageInfo, state, search }: { epics: EpicJson[]; basePath: string; pageInfo: PageInfo; state: EpicStateTab; search?: string }) {
  const columns: ColumnDef<EpicJson>[] = [
    {
      header: 'Title',
      cell: ({ row }) => (
        <Link href={`${basePath}/${row.original.iid}`} data-testid="epic-link">
          {row.original.title}
        </Link>
      ),
    },
    { header: 'Reference', cell: ({ row }) => <span className="mono small">{row.original.references.relative}</span> },
    {
      header: 'State',
      cell: ({ row }) => (
        <span className={row.original.state === 'closed' ? 'badge badge-private' : 'badge badge-active'}>{row.original.state === 'closed' ? 'Closed' : 'Open'}</span>
      ),
    },
    { header: 'Dates', cell: ({ row }) => [row.original.start_date, row.original.due_date].map((d) => (d ? formatDate(d) : '—')).join(' → ') },
    { header: 'Labels', cell: ({ row }) => <span className="small">{row.original.labels.join(', ')}</span> },
    { header: 'Updated', cell: ({ row }) => formatDateTime(row.original.updated_at) },
  ]
  return (
    <>
      <nav className="subnav" aria-label="Epic state" data-testid="epic-state-tabs">
        {EPIC_STATE_TABS.map((t) => (
          <Link
            key={t.value}
            href={tabHref(basePath, t.value, search)}
            className={t.value === state ? 'active' : undefined}
            aria-current={t.value === state ? 'page' : undefined}
            data-testid={`epic-tab-${t.value}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <DataTable
        data={epics}
        columns={columns}
        getRowId={(e) => String(e.id)}
        rowAttributes={(e) => ({ 'data-testid': `epic-row-${e.iid}`, 'data-title': e.title })}
        testId="epics-list"
        emptyMessage={search ? 'No epics match this search.' : 'No epics here yet.'}
        search={{ pathname: basePath, value: search, placeholder: 'Search epics', keep: { state } }}
        pager={{ info: pageInfo, pathname: basePath, query: { state, search } }}
      />
    </>
  )
}
