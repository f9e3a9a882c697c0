// POST /groups/:id/tokens/revoke (Groups::AgnosticTokenRevocationService): a plaintext token is
// revoked when its owner belongs to the group's tree. Every failure is the same 422 so the
// answer never tells whether a token exists elsewhere.
import { unprocessable } from '../api/errors'
import { forgetTokenId } from '../auth/token-cache'
import { digestToken } from '../auth/token-digest'
import { getDb } from '../db'
import type { Namespace } from '../db'
import { isActive } from '../tokens/entity'
import { botsIn, groupTree, membershipIn } from './group-scope'

export async function revokeByValue(group: Namespace, plaintext: string) {
  const db = await getDb()
  const token = await db.personalAccessToken.findUnique({ where: { digest: digestToken(plaintext) } })
  if (!token) throw unprocessable()
  const tree = await groupTree(group)
  // Members anywhere in the tree (bots included), bots of the tree whose membership already ended
  // with their token, and the group's enterprise users.
  const owner = await db.user.findFirst({
    where: { id: token.userId, OR: [{ memberships: { some: membershipIn(tree) } }, botsIn(tree), { enterpriseGroupId: group.id, bot: false }] },
    select: { id: true },
  })
  if (!owner) throw unprocessable()
  if (isActive(token)) {
    await db.personalAccessToken.updateMany({ where: { id: token.id, revoked: false }, data: { revoked: true } })
    forgetTokenId(token.id)
  }
  const after = await db.personalAccessToken.findUniqueOrThrow({ where: { id: token.id } })
  // An expired token that was never revoked is not "revoked" and is refused, as GitLab does.
  if (!after.revoked) throw unprocessable()
  return after
}
