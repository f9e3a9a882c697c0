import type { Invitation, User } from '../db'
import { userBasic } from '../users/entity'
import type { InvitationJson, InvitedMemberJson } from './schema'
import { isoTime, isoDayOrNull } from '../api/time'

/** Entities::Invitation. `user_name` is the name of an account that has the invited e-mail, if any. */
export function invitationEntity(i: Invitation, matchingUser: User | null, createdBy: User | null): InvitationJson {
  return {
    id: i.id,
    invite_email: i.email,
    created_at: isoTime(i.createdAt),
    access_level: i.accessLevel,
    expires_at: isoDayOrNull(i.expiresAt),
    user_name: matchingUser?.name ?? null,
    created_by_name: createdBy?.name ?? null,
  }
}

/** Entities::Member of an invitation (PUT answers it): no user yet, so no user fields are merged in. */
export function invitedMemberEntity(i: Invitation, createdBy: User | null): InvitedMemberJson {
  return {
    access_level: i.accessLevel,
    created_at: isoTime(i.createdAt),
    created_by: createdBy ? userBasic(createdBy) : null,
    expires_at: isoDayOrNull(i.expiresAt),
    group_saml_identity: null,
    invite_email: i.email,
    membership_state: 'active',
    member_role: null,
  }
}
