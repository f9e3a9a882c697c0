// GitLab's relative positioning for an epic's issues: integer positions with gaps, so a move writes
// one row; when no integer is left between two neighbours, the whole list is spread out again.

/** The gap between neighbours after a rebalance, and below the first when one is added first. */
export const IDEAL_DISTANCE = 500
export const MIN_POSITION = -2_147_483_648
export const MAX_POSITION = 2_147_483_647

/**
 * A position strictly between two neighbours (null: none on that side), or null when there is no
 * room and the list must be rebalanced first.
 */
export function positionBetween(before: number | null, after: number | null): number | null {
  if (before === null && after === null) return 0
  if (before === null) return after! - IDEAL_DISTANCE >= MIN_POSITION ? after! - IDEAL_DISTANCE : null
  if (after === null) return before + IDEAL_DISTANCE <= MAX_POSITION ? before + IDEAL_DISTANCE : null
  if (after - before < 2) return null
  return before + Math.floor((after - before) / 2)
}

/** Evenly spaced positions for `count` links, centred on 0 so both ends keep room. */
export function spreadPositions(count: number): number[] {
  const first = -Math.floor(count / 2) * IDEAL_DISTANCE
  return Array.from({ length: count }, (_, i) => first + i * IDEAL_DISTANCE)
}

export interface Placed {
  id: number
  relativePosition: number
}

/**
 * The neighbours a moved link goes between (GitLab's move_between): `moveBeforeId` names the link
 * that ends up directly before it, `moveAfterId` the one directly after; given one, the other side
 * is that link's current neighbour. `ordered` excludes the moved link. Unknown ids are ignored.
 */
export function neighbours(
  ordered: readonly Placed[],
  moveBeforeId?: number,
  moveAfterId?: number,
): { before: Placed | null; after: Placed | null } | null {
  const at = (id?: number) => (id === undefined ? -1 : ordered.findIndex((l) => l.id === id))
  const b = at(moveBeforeId)
  const a = at(moveAfterId)
  if (b < 0 && a < 0) return null
  if (b >= 0 && a >= 0) return { before: ordered[b] ?? null, after: ordered[a] ?? null }
  if (b >= 0) return { before: ordered[b] ?? null, after: ordered[b + 1] ?? null }
  return { before: ordered[a - 1] ?? null, after: ordered[a] ?? null }
}
