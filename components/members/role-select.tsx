// The role dropdown of the members pages (GitLab's member levels, Guest … Owner).
import type { ComponentProps } from 'react'
import { levelName, MEMBER_LEVELS } from '@/lib/auth/access-levels'

export function RoleSelect(props: ComponentProps<'select'>) {
  return (
    <select {...props}>
      {MEMBER_LEVELS.map((l) => (
        <option key={l} value={l}>
          {levelName(l)}
        </option>
      ))}
    </select>
  )
}
