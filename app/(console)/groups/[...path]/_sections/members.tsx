// Group → Members (GitLab's /-/group_members): owners invite, change roles and expiries, remove
// members, manage pending invitations and access requests, and share the group with other groups.
import { MembersManager } from '@/components/members/members-manager'
import { ShareWithGroup } from '@/components/members/share-with-group'
import type { GroupSectionProps } from './index'

export function GroupMembers({ group, searchParams, pathname }: GroupSectionProps) {
  return (
    <>
      {/* MembersManager sends those who may not manage members to the not-found page first. */}
      <MembersManager source={{ kind: 'group', id: group.id }} searchParams={searchParams} pathname={pathname} />
      <ShareWithGroup source={{ kind: 'group', id: group.id }} shared={group.shared_with_groups} />
    </>
  )
}
