import type { Member } from '../db'
import type { ListedUser } from '../users/find'
import { userBasic, userWebUrl } from '../users/entity'
import type { MemberJson } from './schema'
import { isoTime, isoDayOrNull } from '../api/time'

export type MemberWithUser = Member & { user: ListedUser; createdBy?: ListedUser | null }

// Built field by field (no spreads): a list page presents twenty of these per request.
export function memberEntity(m: MemberWithUser, viewerIsAdmin = false): MemberJson {
  const u = m.user
  const json: MemberJson = {
    id: u.id,
    username: u.username,
    public_email: null,
    name: u.name,
    state: u.state,
    locked: false,
    avatar_url: null,
    web_url: userWebUrl(u.username),
    access_level: m.accessLevel,
    created_at: isoTime(m.createdAt),
    created_by: m.createdBy ? userBasic(m.createdBy) : null,
    expires_at: isoDayOrNull(m.expiresAt),
    group_saml_identity: null,
    membership_state: 'active',
    member_role: null,
  }
  if (viewerIsAdmin) json.email = u.email
  return json
}
