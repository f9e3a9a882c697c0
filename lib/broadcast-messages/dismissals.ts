// Console-only: a user's dismissal of a dismissable message lasts until the message ends
// (GitLab keeps it in a cookie with that expiry; here it is a row, so it follows the user around).
import { badRequest } from '../api/errors'
import { getDb } from '../db'
import { findBroadcastMessage } from './service'

export async function dismissBroadcastMessage(userId: number, messageId: number): Promise<void> {
  const message = await findBroadcastMessage(messageId)
  if (!message.dismissable) throw badRequest('Message is not dismissable')
  const db = await getDb()
  await db.broadcastMessageDismissal.upsert({
    where: { messageId_userId: { messageId, userId } },
    create: { messageId, userId, expiresAt: message.endsAt },
    update: { expiresAt: message.endsAt },
  })
}

/** Ids of the messages this user has dismissed and that have not ended yet. */
export async function dismissedMessageIds(userId: number): Promise<Set<number>> {
  const db = await getDb()
  const rows = await db.broadcastMessageDismissal.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    select: { messageId: true },
  })
  return new Set(rows.map((r) => r.messageId))
}
