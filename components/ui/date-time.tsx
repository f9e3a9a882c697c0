import type { InputHTMLAttributes, Ref } from 'react'
import { cx } from './cx'

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>
  /** date (YYYY-MM-DD), datetime-local (in the viewer's zone) or time. */
  kind?: 'date' | 'datetime-local' | 'time'
  invalid?: boolean
}

/** The native date/time pickers, drawn like the kit's other inputs. */
export function DateInput({ kind = 'date', className, invalid, ...rest }: DateInputProps) {
  return (
    <input
      type={kind}
      className={cx('ui-input', 'ui-date', className)}
      aria-invalid={invalid || undefined}
      data-ui={kind}
      {...rest}
    />
  )
}
