// The role dropdown of the members pages (GitLab's member levels, Guest … Owner), in the kit's style.
import { Select, type SelectProps } from '@/components/ui/select'
import { levelName, MEMBER_LEVELS } from '@/lib/auth/access-levels'

const OPTIONS = MEMBER_LEVELS.map((l) => [String(l), levelName(l)] as const)

export function RoleSelect(props: Omit<SelectProps, 'options'>) {
  return <Select {...props} options={OPTIONS} />
}
