'use client'
// Group → Epics: state tabs (Open / Closed / All), a search box and the page of epics the API
// returned (newest first), with links to each epic's page.
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { PageInfo } from '@/lib/console/pagination'
import type { EpicJson } from '@/lib/epics/schema'
import { Badge } from '@/components/ui/badge'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'
import { Tabs } from '@/components/ui/tabs'
import { formatDate } from '../format'
import { EPIC_STATE_TABS, type EpicStateTab } from './epic-states'

function tabHref(basePath: string, state: EpicStateTab, search?: string) {
  const q = new URLSearchParams({ state })
  if (search) q.set('search', search)
  return `${basePath}?${q}`
}

export function EpicList({
  epics,
  basePath,
  pageInfo,
  state,
  search,
}: {
  epics: EpicJson[]
  basePath: string
  pageInfo: PageInfo
  state: EpicStateTab
  search?: string
}) {
  const columns: ColumnDef<EpicJson>[] = [
    {
      header: 'Title',
      meta: { className: 'wrap' },
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
        <Badge tone={row.original.state === 'closed' ? 'muted' : 'ok'}>
          {row.original.state === 'closed' ? 'Closed' : 'Open'}
        </Badge>
      ),
    },
    {
      header: 'Dates',
      cell: ({ row }) =>
        [row.original.start_date, row.original.due_date].map((d) => (d ? formatDate(d) : '—')).join(' → '),
    },
    { header: 'Labels', cell: ({ row }) => <span className="small">{row.original.labels.join(', ')}</span> },
    { header: 'Updated', cell: ({ row }) => <RelativeTime iso={row.original.updated_at} /> },
  ]
  return (
    <>
      <div data-testid="epic-state-tabs">
        <Tabs
          label="Epic state"
          items={EPIC_STATE_TABS.map((t) => ({
            href: tabHref(basePath, t.value, search),
            label: t.label,
            testId: `epic-tab-${t.value}`,
            active: t.value === state,
          }))}
        />
      </div>
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
