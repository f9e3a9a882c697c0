// JSON shapes of users, with GitLab's field names (UserBasic, User, UserDetail/UserWithAdmin).
import type { ActorUser } from '../auth/actor'
import { config } from '../config'
import type { Identity } from '../db'
import type { IdentityJson, UserBasicJson, UserDetailJson, UserPublicJson, UserWithAdminJson } from './schema'
import { isoOrNull as iso, isoTime, isoDayOrNull } from '../api/time'

type UserRow = Pick<ActorUser, 'id' | 'username' | 'name' | 'state'> & Partial<ActorUser>

export const userWebUrl = (username: string) => `${config().externalUrl}/${username}`

export function userBasic(u: UserRow): UserBasicJson {
  return {
    id: u.id,
    username: u.username,
    public_email: null,
    name: u.name,
    state: u.state,
    locked: false,
    avatar_url: null,
    web_url: userWebUrl(u.username),
  }
}

export function userPublic(u: ActorUser): UserPublicJson {
  return Object.assign(userBasic(u), {
    created_at: isoTime(u.createdAt),
    bio: u.bio,
    location: '',
    linkedin: '',
    twitter: '',
    discord: '',
    website_url: '',
    github: '',
    job_title: '',
    pronouns: null,
    organization: '',
    bot: u.bot,
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
  })
}

export const identityEntity = (i: Identity): IdentityJson => ({
  provider: i.provider,
  extern_uid: i.externUid,
  saml_provider_id: i.provider === 'group_saml' ? i.groupId : null,
})

/** What the user sees of themself (with their identities). */
export function userDetail(u: ActorUser, identities: readonly Identity[] = []): UserDetailJson {
  return Object.assign(userPublic(u), {
    last_sign_in_at: iso(u.lastSignInAt),
    confirmed_at: iso(u.confirmedAt),
    last_activity_on: isoDayOrNull(u.lastActivityOn),
    email: u.email,
    theme_id: 3,
    color_scheme_id: 1,
    projects_limit: u.projectsLimit,
    current_sign_in_at: iso(u.currentSignInAt),
    identities: identities.map(identityEntity),
    can_create_group: u.canCreateGroup,
    can_create_project: u.projectsLimit > 0,
    two_factor_enabled: false,
    external: u.external,
    private_profile: false,
    commit_email: u.email,
  })
}

/** What administrators see of anyone. */
export function userWithAdmin(u: ActorUser, identities: readonly Identity[] = []): UserWithAdminJson {
  return Object.assign(userDetail(u, identities), {
    is_admin: u.admin,
    note: null,
    namespace_id: null,
    created_by: null,
    using_license_seat: false,
  })
}
