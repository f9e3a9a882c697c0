'use client'
// The console's one table: @tanstack/react-table for columns and rendering; paging and searching
// are server-side (URL params → API → X-* headers), so the table only renders the current page.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { Pager, type PagerProps } from './pager'
import { SearchForm } from './search-form'

/** Per-column extras, set as `meta` on a column definition. */
export interface ColumnMeta {
  className?: string
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
  toolbar?: ReactNode
}

export function DataTable<T>({ data, columns, getRowId, rowTestId, rowAttributes, testId, emptyMessage = 'Nothing to show.', pager, search, toolbar }: DataTableProps<T>) {
  const table = useReactTable({ data, columns, getRowId, getCoreRowModel: getCoreRowModel(), manualPagination: true })
  return (
    <div className="data-table" data-testid={testId}>
      {(search || toolbar) && (
        <div className="table-toolbar">
          {search && <SearchForm {...search} />}
          {toolbar}
        </div>
      )}
      <div className="table-scroll">
        <table>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => (
                  <th key={h.id} scope="col">
                    {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid={rowTestId} data-row-id={row.id} {...rowAttributes?.(row.original)}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    // react-table's own ColumnMeta is empty: tsc needs the cast, the lint rule takes it for a no-op.
                    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
                    className={(cell.column.columnDef.meta as ColumnMeta | undefined)?.className}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="empty-row" data-testid="table-empty">
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
