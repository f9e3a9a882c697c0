import type { Ref, SelectHTMLAttributes } from 'react'
import { cx } from './cx'

export type SelectOption = readonly [value: string, label: string]

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>
  /** [value, label] pairs; or pass <option> children. */
  options?: readonly SelectOption[]
  invalid?: boolean
}

/** A native select (keyboard and screen-reader behaviour for free) drawn in the kit's style. */
export function Select({ className, options, invalid, children, ...rest }: SelectProps) {
  return (
    <select className={cx('ui-select', className)} aria-invalid={invalid || undefined} data-ui="select" {...rest}>
      {options?.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
      {children}
    </select>
  )
}
