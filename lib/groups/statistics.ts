// `statistics=true` (administrators): storage figures over the group and everything below it.
// What this product stores is counted — snippet contents and group avatars; repositories (no git
// data here), wikis, LFS, artifacts and packages do not exist, so those are true zeros. Two queries
// per page of groups, whatever its length.
import { sqltag as sql, join } from '@prisma/client/runtime/client'
import { getDb, prefixRange } from '../db'
import type { Namespace } from '../db'
import { avatarSize } from './avatar'

interface Sizes {
  snippets: number
  uploads: number
}

const stats = ({ snippets, uploads }: Sizes) => ({
  storage_size: snippets + uploads,
  repository_size: 0,
  wiki_size: 0,
  lfs_objects_size: 0,
  job_artifacts_size: 0,
  pipeline_artifacts_size: 0,
  packages_size: 0,
  snippets_size: snippets,
  uploads_size: uploads,
})

const rootStats = ({ snippets, uploads }: Sizes) => ({
  build_artifacts_size: 0,
  container_registry_size: 0,
  container_registry_size_is_estimated: false,
  dependency_proxy_size: 0,
  lfs_objects_size: 0,
  packages_size: 0,
  pipeline_artifacts_size: 0,
  repository_size: 0,
  snippets_size: snippets,
  storage_size: snippets + uploads,
  uploads_size: uploads,
  wiki_size: 0,
})

/** Sizes of each group's tree: snippet bytes summed per project tree in SQL, avatars by file size. */
async function treeSizes(groups: Namespace[]): Promise<Map<number, Sizes>> {
  const out = new Map<number, Sizes>(groups.map((g) => [g.id, { snippets: 0, uploads: 0 }]))
  if (!groups.length) return out
  const db = await getDb()
  const prefixes = groups.map((g) => {
    const { gte, lt } = prefixRange(g.traversalIds)
    return sql`(p."traversalIds" >= ${gte} AND p."traversalIds" < ${lt})`
  })
  const [snippetRows, avatars] = await Promise.all([
    db.$queryRaw<{ t: string; size: number | bigint | null }[]>(
      sql`SELECT p."traversalIds" AS t, SUM(b."size") AS size FROM "SnippetBlob" b
        JOIN "Snippet" s ON s."id" = b."snippetId" JOIN "Project" p ON p."id" = s."projectId"
        WHERE ${join(prefixes, ' OR ')} GROUP BY p."traversalIds"`,
    ),
    db.namespace.findMany({
      where: { avatarPath: { not: null }, OR: groups.map((g) => ({ traversalIds: prefixRange(g.traversalIds) })) },
      select: { traversalIds: true, avatarPath: true },
    }),
  ])
  const avatarBytes = await Promise.all(
    avatars.map(async (a) => ({ t: a.traversalIds, size: await avatarSize(a.avatarPath!) })),
  )
  for (const g of groups) {
    const sizes = out.get(g.id)!
    for (const r of snippetRows) if (r.t.startsWith(g.traversalIds)) sizes.snippets += Number(r.size ?? 0)
    for (const a of avatarBytes) if (a.t.startsWith(g.traversalIds)) sizes.uploads += a.size
  }
  return out
}

/** `statistics` for every group of a page, and `root_storage_statistics` for the top-level ones. */
export async function groupStatistics(groups: Namespace[]): Promise<Map<number, object>> {
  const sizes = await treeSizes(groups)
  return new Map(
    groups.map((g) => {
      const s = sizes.get(g.id)!
      return [
        g.id,
        g.parentId === null
          ? { statistics: stats(s), root_storage_statistics: rootStats(s) }
          : { statistics: stats(s) },
      ]
    }),
  )
}
