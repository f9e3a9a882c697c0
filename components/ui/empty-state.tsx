import type { ReactNode } from 'react'

/** What a list or page shows when there is nothing yet, with the action that makes something. */
export function EmptyState({
  title,
  children,
  action,
  testId = 'empty-state',
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
  testId?: string
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      <p className="strong">{title}</p>
      {children && <div className="muted">{children}</div>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  )
}
