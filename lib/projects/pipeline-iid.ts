// Pipeline iids are numbered per project by a counter on the project row (lib/pipelines creates the pipelines).
import type { Prisma } from '../db'

/** Takes the project's next pipeline iid: one atomic increment, in the caller's transaction. */
export async function nextPipelineIid(t: Prisma.TransactionClient, projectId: number): Promise<number> {
  const { lastPipelineIid } = await t.project.update({
    where: { id: projectId },
    data: { lastPipelineIid: { increment: 1 } },
    select: { lastPipelineIid: true },
  })
  return lastPipelineIid
}
