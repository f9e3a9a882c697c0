import type { ReactNode } from 'react'

/** A labelled form row with its validation message. */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  errorTestId = htmlFor ? `${htmlFor}-error` : undefined,
  children,
}: {
  label: string
  htmlFor?: string
  error?: string
  hint?: ReactNode
  errorTestId?: string
  children: ReactNode
}) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint && !error ? <div className="hint">{hint}</div> : null}
      {error ? (
        <div className="field-error" role="alert" data-testid={errorTestId}>
          {error}
        </div>
      ) : null}
    </div>
  )
}
