// The bot user behind a group/project access token, named as GitLab's
// ResourceAccessTokens::CreateService does: `<type>_<id>_bot_<hex>`, mail at noreply.<host>.
import { randomBytes } from 'node:crypto'
import { config } from '../config'
import type { Prisma } from '../db'
import { createPersonalNamespace } from '../groups/personal-namespace'
import type { MemberSource } from '../members/source'
import { claimPath } from '../routes/service'
import { insertBotUser } from '../users/bots'

type Tx = Prisma.TransactionClient

export async function createBotUser(tx: Tx, source: MemberSource, name: string, external: boolean) {
  const noun = source.sourceType === 'Project' ? 'project' : 'group'
  const username = `${noun}_${source.id}_bot_${randomBytes(16).toString('hex')}`
  const email = `${username}@noreply.${new URL(config().externalUrl).hostname}`
  const user = await insertBotUser(tx, {
    username,
    email,
    name,
    resourceType: source.sourceType,
    resourceId: source.id,
    external,
  })
  // Every GitLab user owns a personal namespace, bots included; it also reserves the path.
  await claimPath(tx, username)
  await createPersonalNamespace(tx, user)
  return user
}
