// JSON shapes of GitLab's IdentityDetail and SamlGroupLink entities.
import type { Identity, SamlGroupLink } from '../db'
import type { IdentityJson, SamlGroupLinkJson } from './schema'

export const identityEntity = (i: Identity): IdentityJson => ({ extern_uid: i.externUid, user_id: i.userId })

/** The table stores "any provider" as "" (a unique key cannot hold NULLs portably); the API says null. */
export const samlGroupLinkEntity = (l: SamlGroupLink): SamlGroupLinkJson => ({
  name: l.samlGroupName,
  access_level: l.accessLevel,
  member_role_id: l.memberRoleId,
  provider: l.provider === '' ? null : l.provider,
})
