import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { cx } from './cx'

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'danger-outline' | 'link'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: 'normal' | 'small'
  /** A write in flight: the button is disabled and says `pendingLabel` (aria-busy for assistive tech). */
  pending?: boolean
  pendingLabel?: ReactNode
}

/** The console's one button. `type` defaults to "button" so a button inside a form never submits by accident. */
export function Button({
  variant = 'default',
  size = 'normal',
  pending = false,
  pendingLabel,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx('btn', variant !== 'default' && `btn-${variant}`, size === 'small' && 'btn-small', className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      data-ui="button"
      {...rest}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  )
}

/** Classes of a link styled as a button (next/link or <a>). */
export function buttonClass(variant: ButtonVariant = 'default', size: 'normal' | 'small' = 'normal'): string {
  return cx('btn', variant !== 'default' && `btn-${variant}`, size === 'small' && 'btn-small') ?? 'btn'
}
