// Full paths of namespaces and projects, and redirect rows for old paths (the moved-resource rule).
// Groups and users share one path space, as GitLab's namespaces do.
import { prefixRange, type Prisma } from '../db'

type Tx = Prisma.TransactionClient

export { pathErrors } from './path-rules'

/** Is a full path free among namespaces and projects? (Redirects do not block reuse, as in GitLab.) */
export async function fullPathTaken(tx: Tx, fullPath: string): Promise<boolean> {
  const lower = fullPath.toLowerCase()
  const [ns, project] = await Promise.all([
    tx.namespace.findUnique({ where: { fullPathLower: lower }, select: { id: true } }),
    tx.project.findUnique({ where: { fullPathLower: lower }, select: { id: true } }),
  ])
  return !!ns || !!project
}

async function addRedirect(tx: Tx, oldPath: string, sourceType: 'Namespace' | 'Project', sourceId: number) {
  const pathLower = oldPath.toLowerCase()
  await tx.redirectRoute.deleteMany({ where: { pathLower } })
  await tx.redirectRoute.create({ data: { pathLower, sourceType, sourceId } })
}

/** Moving into a path frees any redirect that pointed there. */
async function claim(tx: Tx, fullPath: string) {
  await tx.redirectRoute.deleteMany({ where: { pathLower: fullPath.toLowerCase() } })
}

export async function claimPath(tx: Tx, fullPath: string) {
  await claim(tx, fullPath)
}

export async function renameProject(tx: Tx, project: { id: number; fullPath: string }, newFullPath: string) {
  if (project.fullPath === newFullPath) return
  await claim(tx, newFullPath)
  await addRedirect(tx, project.fullPath, 'Project', project.id)
  await tx.project.update({
    where: { id: project.id },
    data: { fullPath: newFullPath, fullPathLower: newFullPath.toLowerCase() },
  })
}

/**
 * Renames a namespace: its own and every descendant's full path and full name change, every project
 * below it follows, and the old paths redirect. Runs inside the caller's transaction.
 */
export async function renameNamespace(
  tx: Tx,
  ns: { id: number; fullPath: string; fullName: string; traversalIds: string },
  next: { path: string; name: string; fullPath: string; fullName: string },
) {
  const oldPath = ns.fullPath
  const oldName = ns.fullName
  if (oldPath !== next.fullPath) {
    await claim(tx, next.fullPath)
    await addRedirect(tx, oldPath, 'Namespace', ns.id)
  }
  await tx.namespace.update({
    where: { id: ns.id },
    data: {
      path: next.path,
      name: next.name,
      fullPath: next.fullPath,
      fullPathLower: next.fullPath.toLowerCase(),
      fullName: next.fullName,
    },
  })
  if (oldPath === next.fullPath && oldName === next.fullName) return
  const below = { traversalIds: prefixRange(ns.traversalIds) }
  const descendants = await tx.namespace.findMany({
    where: { ...below, id: { not: ns.id } },
    select: { id: true, fullPath: true, fullName: true },
  })
  for (const d of descendants) {
    const fullPath = next.fullPath + d.fullPath.slice(oldPath.length)
    await tx.namespace.update({
      where: { id: d.id },
      data: {
        fullPath,
        fullPathLower: fullPath.toLowerCase(),
        fullName: next.fullName + d.fullName.slice(oldName.length),
      },
    })
  }
  if (oldPath === next.fullPath) return
  const projects = await tx.project.findMany({ where: below, select: { id: true, fullPath: true } })
  for (const pr of projects) {
    const fullPath = next.fullPath + pr.fullPath.slice(oldPath.length)
    await tx.project.update({ where: { id: pr.id }, data: { fullPath, fullPathLower: fullPath.toLowerCase() } })
  }
}

/** Follows redirect rows: the longest redirected prefix of `fullPath` and where it points now. */
export async function redirectTarget(
  tx: Tx,
  fullPath: string,
): Promise<{ sourceType: string; sourceId: number; rest: string } | null> {
  const lower = fullPath.toLowerCase()
  const parts = lower.split('/')
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'))
  const rows = await tx.redirectRoute.findMany({ where: { pathLower: { in: prefixes } } })
  const [best] = rows.sort((a, b) => b.pathLower.length - a.pathLower.length)
  if (!best) return null
  return { sourceType: best.sourceType, sourceId: best.sourceId, rest: fullPath.slice(best.pathLower.length) }
}
