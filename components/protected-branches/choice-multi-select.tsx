'use client'
import type { UseFormRegisterReturn } from 'react-hook-form'

export interface ChoiceOption {
  id: number
  label: string
}

/** Members or groups named individually in a rule, on top of the role (GitLab's user and group entries). */
export function ChoiceMultiSelect({
  id,
  options,
  empty,
  register,
  testId,
}: {
  id: string
  options: readonly ChoiceOption[]
  empty: string
  register: UseFormRegisterReturn
  testId: string
}) {
  if (!options.length) return <div className="muted small">{empty}</div>
  return (
    <select id={id} multiple size={Math.min(5, Math.max(3, options.length))} {...register} data-testid={testId}>
      {options.map((o) => (
        <option key={o.id} value={String(o.id)}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
