import type { MemberApproval, User } from '../db'
import type { SourceInfo } from './sources'
import { userBasic } from '../users/entity'
import type { MemberApprovalJson } from './schema'
import { isoTime, isoDayOrNull } from '../api/time'

export function memberApprovalEntity(
  a: MemberApproval,
  source: SourceInfo | null,
  users: Map<number, User>,
): MemberApprovalJson {
  const user = (id: number | null) => (id !== null && users.has(id) ? userBasic(users.get(id)!) : null)
  return {
    id: a.id,
    source_type: a.sourceType === 'Project' ? 'project' : 'group',
    source_id: a.sourceId,
    source_name: source?.name ?? null,
    source_full_path: source?.fullPath ?? null,
    user: user(a.userId),
    access_level: a.accessLevel,
    expires_at: isoDayOrNull(a.expiresAt),
    requested_by: user(a.requestedById),
    reviewed_by: user(a.reviewedById),
    status: a.status,
    created_at: isoTime(a.createdAt),
    updated_at: isoTime(a.updatedAt),
  }
}
