import type { ReactNode } from 'react'
import { cx } from './cx'

export type BadgeTone = 'neutral' | 'ok' | 'info' | 'warn' | 'bad' | 'muted' | 'accent'

/** A short status word. `tone` colours it; `className` keeps domain badges (badge-private, …). */
export function Badge({
  tone = 'neutral',
  className,
  title,
  testId,
  children,
}: {
  tone?: BadgeTone
  className?: string
  title?: string
  testId?: string
  children: ReactNode
}) {
  return (
    <span
      className={cx('badge', tone !== 'neutral' && `badge-status badge-${tone}`, className)}
      title={title}
      data-testid={testId}
    >
      {children}
    </span>
  )
}
