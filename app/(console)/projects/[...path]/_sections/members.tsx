// Project → Members (GitLab's /-/project_members): Maintainers invite, change roles and expiries,
// remove members and manage pending invitations.
import { MembersManager } from '@/components/members/members-manager'
import type { ProjectSectionProps } from './index'

export function ProjectMembers({ project, searchParams, pathname }: ProjectSectionProps) {
  return <MembersManager sourcePath={`/projects/${project.id}`} searchParams={searchParams} pathname={pathname} />
}
