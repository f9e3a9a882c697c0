// Entities::ProjectGroupLink, and the `shared_with_groups` entries of projects.
import type { Namespace, ProjectGroupLink } from '../db'
import type { SharedWithGroupJson } from '../groups/schema'
import type { ProjectGroupLinkJson } from './schema'
import { isoDayOrNull } from '../api/time'

export const projectGroupLinkEntity = (l: ProjectGroupLink): ProjectGroupLinkJson => ({
  id: l.id,
  project_id: l.projectId,
  group_id: l.groupId,
  group_access: l.groupAccess,
  expires_at: isoDayOrNull(l.expiresAt),
})

export const sharedWithGroupEntity = (l: ProjectGroupLink & { group: Namespace }): SharedWithGroupJson => ({
  group_id: l.groupId,
  group_name: l.group.name,
  group_full_path: l.group.fullPath,
  group_access_level: l.groupAccess,
  expires_at: isoDayOrNull(l.expiresAt),
})
