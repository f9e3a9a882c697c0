// Project → Members (GitLab's /-/project_members): Maintainers invite, change roles and expiries,
// remove members, manage pending invitations, and share the project with groups.
import { MembersManager } from '@/components/members/members-manager'
import { ShareWithGroup } from '@/components/members/share-with-group'
import type { ProjectSectionProps } from './index'

export async function ProjectMembers({ project, searchParams, pathname }: ProjectSectionProps) {
  return (
    <>
      {/* MembersManager sends those who may not manage members to the not-found page first. */}
      <MembersManager source={{ kind: 'project', id: project.id }} searchParams={searchParams} pathname={pathname} />
      <ShareWithGroup source={{ kind: 'project', id: project.id }} shared={project.shared_with_groups} />
    </>
  )
}
