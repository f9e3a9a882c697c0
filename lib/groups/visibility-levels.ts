// The three visibility levels in rising order, pure (the console's create forms use them in the browser).
export const VISIBILITIES = ['private', 'internal', 'public'] as const
export const visibilityRank = (v: string) => VISIBILITIES.indexOf(v as (typeof VISIBILITIES)[number])
export type Visibility = (typeof VISIBILITIES)[number]
/** Whether `v` is more open than `limit` (a subgroup or project may not be more open than its group). */
export const exceedsVisibility = (v: string, limit: string): boolean => visibilityRank(v) > visibilityRank(limit)
/** The wanted visibility, lowered to the parent's when it would exceed it. */
export const capVisibility = (wanted: string, parent?: string): Visibility =>
  (parent !== undefined && exceedsVisibility(wanted, parent) ? parent : visibilityRank(wanted) >= 0 ? wanted : 'private') as Visibility
