// POST /groups/:id/tokens/revoke (Groups::AgnosticTokenRevocationService): a plaintext token is
// revoked when its owner belongs to the group's tree. Every failure is the same 422 so the
// answer never tells whether a token exists elsewhere.
import { unprocessable } from '../api/errors'
import type { Namespace } from '../db'
import { isActive } from '../tokens/entity'
import { revokeUnlessRevoked, tokenById, tokenByValue } from '../tokens/service'
import { holdsCredentialsIn } from '../users/credential-holders'
import { groupTree } from './group-scope'

export async function revokeByValue(group: Namespace, plaintext: string) {
  const token = await tokenByValue(plaintext)
  if (!token) throw unprocessable()
  // Members anywhere in the tree (bots included), bots of the tree whose membership already ended
  // with their token, and the group's enterprise users.
  if (!(await holdsCredentialsIn(token.userId, group.id, await groupTree(group)))) throw unprocessable()
  if (isActive(token)) {
    await revokeUnlessRevoked(token.id)
  }
  const after = await tokenById(token.id)
  // An expired token that was never revoked is not "revoked" and is refused, as GitLab does.
  if (!after.revoked) throw unprocessable()
  return after
}
