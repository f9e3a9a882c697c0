'use client'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Select } from '../ui'
import { ROLE_OPTIONS } from './types'

const OPTIONS = ROLE_OPTIONS.map((o) => [o.value, o.label] as const)

export function RoleSelect({ id, register, testId }: { id: string; register: UseFormRegisterReturn; testId: string }) {
  return <Select id={id} options={OPTIONS} {...register} data-testid={testId} />
}
