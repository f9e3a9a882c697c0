// The three visibility levels in rising order, pure (the console's create forms use them in the browser).
export const VISIBILITIES = ['private', 'internal', 'public'] as const
export const visibilityRank = (v: string) => VISIBILITIES.indexOf(v as (typeof VISIBILITIES)[number])
export type Visibility = (typeof VISIBILITIES)[number]
/** Whether `v` is more open than `limit` (a subgroup or project may not be more open than its group). */
export const exceedsVisibility = (v: string, limit: string): boolean => visibilityRank(v) > visibilityRank(limit)
/** The wanted visibility, lowered to the parent's when it would exceed it. */
export const capVisibility = (wanted: string, parent?: string): Visibility =>
  (parent !== undefined && exceedsVisibility(wanted, parent)
    ? parent
    : visibilityRank(wanted) >= 0
      ? wanted
      : 'private') as Visibility
/** GitLab's numeric `visibility_level` (Gitlab::VisibilityLevel: 0, 10, 20) of archives and exports. */
export const visibilityLevel = (v: string): number => Math.max(0, visibilityRank(v)) * 10
/** The visibility of a numeric `visibility_level`; anything unknown is private. */
export const visibilityOfLevel = (level: unknown): Visibility => VISIBILITIES[Number(level) / 10] ?? 'private'
