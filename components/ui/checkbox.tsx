import type { InputHTMLAttributes, ReactNode, Ref } from 'react'
import { cx } from './cx'

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>
  /** The label beside the box; without it, give the box an aria-label. */
  label?: ReactNode
  hint?: ReactNode
  type?: 'checkbox' | 'radio'
}

/** A checkbox (or radio) with its label; the box is drawn by CSS over the native input. */
export function Checkbox({ label, hint, className, type = 'checkbox', ...rest }: CheckboxProps) {
  const box = (
    <input
      type={type}
      className={cx(type === 'radio' ? 'ui-radio' : 'ui-checkbox', !label && className)}
      data-ui={type}
      {...rest}
    />
  )
  if (!label) return box
  return (
    <label className={cx('checkbox', className)}>
      {box}
      <span>
        {label}
        {hint && <span className="hint">{hint}</span>}
      </span>
    </label>
  )
}

/** An on/off switch: a checkbox with role="switch" (react-hook-form's register works as for a checkbox). */
export function Switch({ label, className, ...rest }: Omit<CheckboxProps, 'type' | 'hint'>) {
  return (
    <label className={cx('ui-switch', className)}>
      <input type="checkbox" role="switch" data-ui="switch" {...rest} />
      <span className="ui-switch-track" aria-hidden="true" />
      {label && <span>{label}</span>}
    </label>
  )
}
