'use client'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Select } from '../ui'

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
    <Select
      id={id}
      multiple
      size={Math.min(5, Math.max(3, options.length))}
      options={options.map((o) => [String(o.id), o.label] as const)}
      {...register}
      data-testid={testId}
    />
  )
}
