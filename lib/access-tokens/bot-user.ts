// The bot user behind a group/project access token, named as GitLab's
// ResourceAccessTokens::CreateService does: `<type>_<id>_bot_<hex>`, mail at noreply.<host>.
import { randomBytes } from 'node:crypto'
import { config } from '../config'
import type { Prisma } from '../db'
import type { MemberSource } from '../members/source'
import { claimPath } from '../routes/service'

type Tx = Prisma.TransactionClient

export async function createBotUser(tx: Tx, source: MemberSource, name: string, external: boolean) {
  const noun = source.sourceType === 'Project' ? 'project' : 'group'
  const username = `${noun}_${source.id}_bot_${randomBytes(16).toString('hex')}`
  const email = `${username}@noreply.${new URL(config().externalUrl).hostname}`
  const user = await tx.user.create({
    data: {
      username,
      usernameLower: username,
      email,
      emailLower: email,
      name,
      passwordHash: null, // bots never sign in with a password
      bot: true,
      botResourceType: source.sourceType,
      botResourceId: source.id,
      external,
      canCreateGroup: false,
      projectsLimit: 0,
      confirmedAt: new Date(),
    },
  })
  // Every GitLab user owns a personal namespace, bots included; it also reserves the path.
  await claimPath(tx, username)
  const ns = await tx.namespace.create({
    data: { kind: 'user', name, path: username, fullPath: username, fullPathLower: username, fullName: name, traversalIds: '', ownerId: user.id },
  })
  await tx.namespace.update({ where: { id: ns.id }, data: { traversalIds: `${ns.id}/` } })
  return user
}
