// Issue iids are numbered per project by a counter on the project row (lib/issues creates the issues).
import type { Prisma } from '../db'

/** Takes the project's next issue iid: one atomic increment, in the caller's transaction (with the insert). */
export async function nextIssueIid(t: Prisma.TransactionClient, projectId: number): Promise<number> {
  const { lastIssueIid } = await t.project.update({
    where: { id: projectId },
    data: { lastIssueIid: { increment: 1 } },
    select: { lastIssueIid: true },
  })
  return lastIssueIid
}
