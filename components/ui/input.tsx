import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react'
import { cx } from './cx'

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>
  invalid?: boolean
}

/** A text-like input (text, search, email, number, password, url, file). Checkboxes and dates have their own controls. */
export function Input({ className, invalid, ...rest }: InputProps) {
  return <input className={cx('ui-input', className)} aria-invalid={invalid || undefined} data-ui="input" {...rest} />
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>
  invalid?: boolean
  mono?: boolean
}

export function Textarea({ className, invalid, mono, ...rest }: TextareaProps) {
  return (
    <textarea
      className={cx('ui-input', 'ui-textarea', mono && 'mono', className)}
      aria-invalid={invalid || undefined}
      data-ui="textarea"
      {...rest}
    />
  )
}
