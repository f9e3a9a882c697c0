// The members page's tables (members, invitations, access requests, shared groups): rows are
// client components with their own writes, so a plain table; wide rows (a role select, a date
// and buttons) scroll sideways inside the kit's .table-scroll frame, never the page.
import type { ReactNode } from 'react'

export function RoleTable({
  testId,
  label,
  headers,
  children,
}: {
  testId: string
  label: string
  headers: readonly string[]
  children: ReactNode
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
