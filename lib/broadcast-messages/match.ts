import { wildcardMatch } from '../util/wildcard'

// Who sees a message where (GitLab's BroadcastMessage#matches_current_path and
// #matches_current_user_access_level?). Pure: the console's client component filters by the current
// path with it on every navigation, since the layout that loaded the messages is not re-rendered.

/** `*` matches any characters (also `/`), the rest literally, whole path, case-insensitive. */
export function matchesPath(targetPath: string | null | undefined, currentPath: string): boolean {
  if (!targetPath) return true
  const path = currentPath.startsWith('/') ? currentPath : `/${currentPath}`
  return wildcardMatch(targetPath.toLowerCase(), path.toLowerCase())
}

/** No target levels: everyone; otherwise the user's level must be one of them. */
export function matchesLevel(levels: readonly number[], userLevel: number | null): boolean {
  if (!levels.length) return true
  return userLevel !== null && levels.includes(userLevel)
}
