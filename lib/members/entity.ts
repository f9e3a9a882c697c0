import type { Member, User } from '../db'
import { userBasic } from '../users/entity'
import type { MemberJson } from './schema'

export type MemberWithUser = Member & { user: User; createdBy?: User | null }

export function memberEntity(m: MemberWithUser, viewerIsAdmin = false): MemberJson {
  return {
    ...userBasic(m.user),
    access_level: m.accessLevel,
    created_at: m.createdAt.toISOString(),
    created_by: m.createdBy ? userBasic(m.createdBy) : null,
    expires_at: m.expiresAt ? m.expiresAt.toISOString().slice(0, 10) : null,
    group_saml_identity: null,
    membership_state: 'active',
    member_role: null,
    ...(viewerIsAdmin ? { email: m.user.email } : {}),
  }
}
