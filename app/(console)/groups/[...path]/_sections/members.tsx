// Group → Members (GitLab's /-/group_members): owners invite, change roles and expiries, remove
// members and manage pending invitations.
import { MembersManager } from '@/components/members/members-manager'
import type { GroupSectionProps } from './index'

export function GroupMembers({ group, searchParams, pathname }: GroupSectionProps) {
  return <MembersManager sourcePath={`/groups/${group.id}`} searchParams={searchParams} pathname={pathname} />
}
