// Timestamps other domains move when they change something a project shows. Plain functions returning
// the Prisma promise: they join a caller's transaction, interactive or batch.
import type { Prisma } from '../db'

/** A push or commit: GitLab's last_activity_at. */
export const recordProjectActivity = (tx: Prisma.TransactionClient, projectId: number) =>
  tx.project.update({ where: { id: projectId }, data: { lastActivityAt: new Date() } })

/** Something embedded in the project's JSON changed (e.g. shared_with_groups): moving updatedAt retires its cached entity (present.ts). */
export const retireProjectJson = (tx: Prisma.TransactionClient, projectId: number) =>
  tx.project.update({ where: { id: projectId }, data: { updatedAt: new Date() } })
