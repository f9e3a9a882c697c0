// The pure rule of SAML group sync (GitLab's Groups::SyncService as run at SAML sign-in): in every
// group of the tree that has links, the user's direct membership becomes the highest level among
// the links matching the asserted SAML groups (a link with a provider matches only that provider),
// and goes away when no link grants anything. Groups without links are never touched, and the
// group's last owner is neither removed nor demoted (the group would be left without one).
import { ACCESS } from '../auth/access-levels'

export interface LinkRule {
  groupId: number
  samlGroupName: string
  /** "" = any provider. */
  provider: string
  accessLevel: number
}

export interface Assertion {
  groups: readonly string[]
  /** The provider that asserted the groups; absent = only provider-less links apply. */
  provider?: string
}

export type Change =
  | { kind: 'add'; groupId: number; to: number }
  | { kind: 'update'; groupId: number; from: number; to: number }
  | { kind: 'remove'; groupId: number; from: number }
  | { kind: 'keep_last_owner'; groupId: number; from: number; to: number | null }

/** Highest granted level per linked group; null where the group has links but none matches. */
export function desiredLevels(links: readonly LinkRule[], assertion: Assertion): Map<number, number | null> {
  const names = new Set(assertion.groups)
  const out = new Map<number, number | null>()
  for (const l of links) {
    const matches = names.has(l.samlGroupName) && (l.provider === '' || l.provider === assertion.provider)
    // A "No access" link grants nothing, so it never creates or keeps a membership.
    const level = matches && l.accessLevel > ACCESS.NO_ACCESS ? l.accessLevel : null
    const prev = out.get(l.groupId) ?? null
    out.set(l.groupId, level === null ? prev : Math.max(prev ?? 0, level))
  }
  return out
}

/**
 * What to change, given the user's current direct levels and the linked groups where they are the
 * only owner (directly or through an ancestor).
 */
export function planSync(
  links: readonly LinkRule[],
  assertion: Assertion,
  current: ReadonlyMap<number, number>,
  lastOwnerOf: ReadonlySet<number>,
): Change[] {
  const changes: Change[] = []
  for (const [groupId, to] of desiredLevels(links, assertion)) {
    const from = current.get(groupId)
    if (from === to || (from === undefined && to === null)) continue
    const losesOwner = from === ACCESS.OWNER && (to === null || to < ACCESS.OWNER)
    if (losesOwner && lastOwnerOf.has(groupId)) changes.push({ kind: 'keep_last_owner', groupId, from, to })
    else if (from === undefined) changes.push({ kind: 'add', groupId, to: to! })
    else if (to === null) changes.push({ kind: 'remove', groupId, from })
    else changes.push({ kind: 'update', groupId, from, to })
  }
  return changes
}
