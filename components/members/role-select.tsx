// The role dropdown of the members pages (GitLab's member levels, Guest … Owner).
import { Select, type SelectOption } from '@/components/ui'
import type { ComponentProps } from 'react'
import { levelName, MEMBER_LEVELS } from '@/lib/auth/access-levels'

const ROLE_OPTIONS: readonly SelectOption[] = MEMBER_LEVELS.map((l) => [String(l), levelName(l)] as const)

export function RoleSelect(props: Omit<ComponentProps<typeof Select>, 'options'>) {
  return <Select options={ROLE_OPTIONS} {...props} />
}
