// Epic iids are numbered per group by a counter on the group's namespace row (lib/epics creates the epics).
import type { Prisma } from '../db'

/** Takes the group's next epic iid: one atomic increment, in the caller's transaction. */
export async function nextEpicIid(t: Prisma.TransactionClient, groupId: number): Promise<number> {
  const { lastEpicIid } = await t.namespace.update({
    where: { id: groupId },
    data: { lastEpicIid: { increment: 1 } },
    select: { lastEpicIid: true },
  })
  return lastEpicIid
}
