// SAML identities of a top-level group (GitLab's ee/lib/api/provider_identity.rb, SAML half): each
// links a user to the extern_uid the group's identity provider asserts. Only the root of a tree has
// a SAML provider, so a subgroup has no identities (400 on the list, 404 on one, as GitLab). The
// rows are the users domain's (lib/users/identities.ts, GitLab's Identity model).
import { ApiError, badRequest, notFound } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import type { Identity, Namespace } from '../db'
import { groupIdentities, groupIdentityByExternUid, setExternUid } from '../users/identities'

export const SAML_PROVIDER = 'group_saml'

const isRoot = (g: Namespace) => g.parentId === null

export const blankExternUid = () => new ApiError(400, { message: "Extern uid can't be blank" })

export async function listIdentities(group: Namespace, window: PageWindow) {
  if (!isRoot(group)) throw badRequest()
  return groupIdentities(group.id, SAML_PROVIDER, window)
}

export async function findIdentity(group: Namespace, externUid: string): Promise<Identity> {
  const identity = isRoot(group) ? await groupIdentityByExternUid(group.id, externUid) : null
  if (!identity || identity.provider !== SAML_PROVIDER) throw notFound('Identity')
  return identity
}

export async function updateExternUid(identity: Identity, externUid: string): Promise<Identity> {
  if (!externUid.trim()) throw blankExternUid()
  return setExternUid(identity, externUid)
}
