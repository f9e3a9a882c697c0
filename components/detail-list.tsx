import type { ReactNode } from 'react'

/** Label/value pairs of a record (a detail page's "fields" block). */
export function DetailList({ items, testId }: { items: [label: string, value: ReactNode][]; testId?: string }) {
  return (
    <dl className="detail-list" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="detail-row">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? <span className="muted">—</span> : value}</dd>
        </div>
      ))}
    </dl>
  )
}
