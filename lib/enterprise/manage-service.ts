// The credentials inventory of a top-level group: its enterprise users' personal access tokens and
// SSH keys, and the group/project access tokens of its tree; owners list and revoke them.
import { badRequest, notFound } from '../api/errors'
import type { PageWindow } from '../api/pagination'
import type { Actor } from '../auth/actor'
import type { Namespace } from '../db'
import { retireBotToken } from '../access-tokens/service'
import { deleteKeyHeldBy, listKeysHeldBy } from '../ssh-keys/held-by'
import { botToken, listBotTokens, listTokensHeldBy, tokenHeldBy } from '../tokens/held-by'
import { revokeUnlessRevoked } from '../tokens/service'
import { groupTree } from './group-scope'
import type { ManageKeysParams, ManageTokensParams } from './schema'

const enterpriseUsersOf = (group: Namespace) => ({ enterpriseUsersOf: group.id })

export async function listEnterpriseTokens(group: Namespace, params: ManageTokensParams, window: PageWindow) {
  return listTokensHeldBy(enterpriseUsersOf(group), params, window)
}

/** Bot tokens carry the bot and its membership for access_level/resource_type/resource_id. */
export async function listGroupResourceTokens(group: Namespace, params: ManageTokensParams, window: PageWindow) {
  return listBotTokens({ botsIn: await groupTree(group) }, params, window)
}

export async function listEnterpriseKeys(group: Namespace, params: ManageKeysParams, window: PageWindow) {
  return listKeysHeldBy(enterpriseUsersOf(group), params, window)
}

const tokenIdOf = (actor: Actor, id: number | 'self') => {
  if (id !== 'self') return id
  if (!actor.token) throw notFound()
  return actor.token.id
}

export async function revokeEnterpriseToken(actor: Actor, group: Namespace, id: number | 'self'): Promise<void> {
  const token = await tokenHeldBy(enterpriseUsersOf(group), tokenIdOf(actor, id))
  if (!token) throw notFound()
  // The second of two concurrent revocations fails like an already revoked one.
  if (!(await revokeUnlessRevoked(token.id))) throw badRequest()
}

export async function revokeGroupResourceToken(actor: Actor, group: Namespace, id: number | 'self'): Promise<void> {
  const tokenId = tokenIdOf(actor, id)
  const token = await botToken({ botsIn: await groupTree(group) }, tokenId)
  if (!token) throw notFound()
  if (token.revoked) throw badRequest()
  await retireBotToken(token)
}

export async function deleteEnterpriseKey(group: Namespace, keyId: number): Promise<void> {
  if (!(await deleteKeyHeldBy(enterpriseUsersOf(group), keyId))) throw notFound('Key')
}
