'use client'
import type { UseFormRegisterReturn } from 'react-hook-form'
import type { MemberOption } from './types'

/** Members named individually in a rule, on top of the role (GitLab's user entries). */
export function MemberMultiSelect({ id, members, register, testId }: { id: string; members: readonly MemberOption[]; register: UseFormRegisterReturn; testId: string }) {
  if (!members.length) return <div className="muted small">No members with Developer access or above to choose.</div>
  return (
    <select id={id} multiple size={Math.min(5, Math.max(3, members.length))} {...register} data-testid={testId}>
      {members.map((m) => (
        <option key={m.id} value={String(m.id)}>
          {m.name} (@{m.username})
        </option>
      ))}
    </select>
  )
}
