// Who may push, merge or unprotect on a protected branch: GitLab's ProtectedRefAccess#check_access,
// in one pure place. Several rules can match a branch (`main`, `*`); the most permissive entry of
// any matching rule decides.
import { wildcardMatch } from '../util/wildcard'

export type AccessKind = 'push' | 'merge' | 'unprotect'
export const NO_ONE = 0
export const ADMINS = 60

export interface AccessEntry {
  kind: string
  accessLevel: number | null
  userId: number | null
  groupId: number | null
  deployKeyId: number | null
}
export interface Rule {
  name: string
  accessLevels: AccessEntry[]
}
/** The caller: their effective level on the project, admin flag and group memberships. */
export interface Caller {
  userId: number
  level: number
  admin: boolean
  groupIds: readonly number[]
}

export const matchingRules = <R extends Rule>(rules: readonly R[], branch: string) =>
  rules.filter((r) => wildcardMatch(r.name, branch))

function entryAllows(e: AccessEntry, who: Caller): boolean {
  if (e.accessLevel !== null) {
    if (e.accessLevel === NO_ONE) return false
    if (e.accessLevel === ADMINS) return who.admin
    return who.level >= e.accessLevel
  }
  // User and group entries still need developer access to the project (GitLab checks push_code).
  if (who.level < 30 && !who.admin) return false
  if (e.userId !== null) return e.userId === who.userId
  if (e.groupId !== null) return who.groupIds.includes(e.groupId)
  return false // deploy keys act only for deploy-key pushes
}

/** Whether the caller may act on a branch; null when no rule protects it (plain abilities apply). */
export function allowedOn(rules: readonly Rule[], branch: string, kind: AccessKind, who: Caller): boolean | null {
  const matching = matchingRules(rules, branch)
  if (!matching.length) return null
  return matching.some((r) => r.accessLevels.some((e) => e.kind === kind && entryAllows(e, who)))
}

/** GitLab's `developers_can_push` / `developers_can_merge`: a matching rule lets Developers act. */
export function developersCan(rules: readonly Rule[], branch: string, kind: AccessKind): boolean {
  return matchingRules(rules, branch).some((r) => r.accessLevels.some((e) => e.kind === kind && e.accessLevel === 30))
}

export function accessDescription(e: AccessEntry, names: { user?: string; group?: string }): string {
  if (e.userId !== null) return names.user ?? 'User'
  if (e.groupId !== null) return names.group ?? 'Group'
  if (e.deployKeyId !== null) return 'Deploy key'
  return (
    (
      { 0: 'No one', 30: 'Developers + Maintainers', 40: 'Maintainers', 60: 'Instance admins' } as Record<
        number,
        string
      >
    )[e.accessLevel ?? -1] ?? 'Custom'
  )
}
