'use client'
// The console's one table: @tanstack/react-table for columns, rendering and column visibility;
// paging, searching and sorting are server-side (URL params → API → X-* headers), so the table
// only renders the current page. The header sticks while the card scrolls; wide tables scroll
// sideways inside their card, never the page.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table'
import Link from 'next/link'
import { useEffect, useState, type ReactNode } from 'react'
import { Pager, pagerHref, type PagerProps } from './pager'
import { SearchForm } from './search-form'

/** Per-column extras, set as `meta` on a column definition. */
export interface ColumnMeta {
  className?: string
  /** The API's order_by value: the header becomes a sort link. */
  sortKey?: string
  /** The column cannot be hidden from the Columns menu (names, actions). */
  alwaysVisible?: boolean
}

/** Server-side sort: where header links point and the current order. */
export interface TableSort {
  pathname: string
  query?: Record<string, string | undefined>
  orderBy?: string
  sort?: 'asc' | 'desc'
}

export interface DataTableProps<T> {
  data: T[]
  // any: each column has its own value type; ColumnDef<T, unknown> would refuse ColumnDef<T, string> (react-table's idiom).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[]
  getRowId?: (row: T) => string
  /** data-testid of each body row; rows also get data-row-id. */
  rowTestId?: string
  /** Extra data-* attributes of a body row (e.g. data-name), so tests can find a row by content. */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>
  testId?: string
  emptyMessage?: ReactNode
  /** Server-side pagination; omitted for unpaged lists. */
  pager?: PagerProps
  /** A search box above the table, submitting `?search=` to `search.pathname`. */
  search?: { pathname: string; value?: string; placeholder?: string; keep?: Record<string, string | undefined> }
  sort?: TableSort
  /** A "Columns" menu to hide columns (remembered per table in this browser). Needs `testId`. */
  columnToggle?: boolean
  toolbar?: ReactNode
}

const meta = (m: unknown) => m as ColumnMeta | undefined

function SortHeader({ label, sortKey, sort }: { label: ReactNode; sortKey: string; sort: TableSort }) {
  const active = sort.orderBy === sortKey
  const nextDir = active && sort.sort !== 'asc' ? 'asc' : 'desc'
  const href = pagerHref({ pathname: sort.pathname, query: { ...sort.query, order_by: sortKey, sort: nextDir } }, 1)
  return (
    <Link href={href} className="sort-link" data-testid={`sort-${sortKey}`}>
      {label}
      <span aria-hidden="true" className="sort-arrow">
        {active ? (sort.sort === 'asc' ? '▲' : '▼') : '↕'}
      </span>
      {active && <span className="visually-hidden">{sort.sort === 'asc' ? ' (ascending)' : ' (descending)'}</span>}
    </Link>
  )
}

export function DataTable<T>({
  data,
  columns,
  getRowId,
  rowTestId,
  rowAttributes,
  testId,
  emptyMessage = 'Nothing to show.',
  pager,
  search,
  sort,
  columnToggle,
  toolbar,
}: DataTableProps<T>) {
  const [visibility, setVisibility] = useState<VisibilityState>({})
  const storageKey = columnToggle && testId ? `table-columns:${testId}` : null
  useEffect(() => {
    if (!storageKey) return
    try {
      const saved = localStorage.getItem(storageKey)
      if (saved) setVisibility(JSON.parse(saved) as VisibilityState)
    } catch {
      /* private mode or bad JSON: all columns */
    }
  }, [storageKey])
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: (updater) =>
      setVisibility((old) => {
        const next = typeof updater === 'function' ? updater(old) : updater
        if (storageKey) localStorage.setItem(storageKey, JSON.stringify(next))
        return next
      }),
  })
  const toggleable = columnToggle
    ? table
        .getAllLeafColumns()
        .filter((c) => !meta(c.columnDef.meta)?.alwaysVisible && typeof c.columnDef.header === 'string')
    : []
  return (
    <div className="data-table" data-testid={testId}>
      {(search || toolbar || toggleable.length > 0) && (
        <div className="table-toolbar">
          {search && <SearchForm {...search} />}
          {toolbar}
          {toggleable.length > 0 && (
            <details className="column-menu">
              <summary className="btn btn-small" data-testid={`${testId ?? 'table'}-columns`}>
                Columns
              </summary>
              <div className="column-menu-list">
                {toggleable.map((c) => (
                  <label key={c.id} className="checkbox">
                    <input
                      type="checkbox"
                      className="ui-checkbox"
                      data-ui="checkbox"
                      checked={c.getIsVisible()}
                      onChange={c.getToggleVisibilityHandler()}
                    />
                    <span>{String(c.columnDef.header)}</span>
                  </label>
                ))}
              </div>
            </details>
          )}
        </div>
      )}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={testId ? `${testId} table` : 'Table'}>
        <table>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sortKey = meta(h.column.columnDef.meta)?.sortKey
                  const label = h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={
                        sort && sortKey && sort.orderBy === sortKey
                          ? sort.sort === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      {sort && sortKey ? <SortHeader label={label} sortKey={sortKey} sort={sort} /> : label}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid={rowTestId} data-row-id={row.id} {...rowAttributes?.(row.original)}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={meta(cell.column.columnDef.meta)?.className}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 && (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length || 1} className="empty-row" data-testid="table-empty">
                  {emptyMessage}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pager && <Pager {...pager} />}
    </div>
  )
}
