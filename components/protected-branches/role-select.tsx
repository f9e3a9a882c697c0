'use client'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { ROLE_OPTIONS } from './types'

export function RoleSelect({ id, register, testId }: { id: string; register: UseFormRegisterReturn; testId: string }) {
  return (
    <select id={id} {...register} data-testid={testId}>
      {ROLE_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
