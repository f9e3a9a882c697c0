// Who sees a message where (GitLab's BroadcastMessage#matches_current_path and
// #matches_current_user_access_level?). Pure: the console's client component filters by the current
// path with it on every navigation, since the layout that loaded the messages is not re-rendered.

/**
 * `*` matches any characters (also `/`), the rest literally, whole path, case-insensitive. A plain
 * two-pointer wildcard match rather than a RegExp: the pattern comes from users and this also runs
 * in the browser, where re2 is not available, so no backtracking regex may see it.
 */
export function matchesPath(targetPath: string | null | undefined, currentPath: string): boolean {
  if (!targetPath) return true
  const pattern = targetPath.toLowerCase()
  const path = (currentPath.startsWith('/') ? currentPath : `/${currentPath}`).toLowerCase()
  let p = 0
  let s = 0
  let star = -1
  let resume = 0
  while (s < path.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++
      resume = s
    } else if (p < pattern.length && pattern[p] === path[s]) {
      p++
      s++
    } else if (star >= 0) {
      p = star + 1
      s = ++resume
    } else return false
  }
  while (p < pattern.length && pattern[p] === '*') p++
  return p === pattern.length
}

/** No target levels: everyone; otherwise the user's level must be one of them. */
export function matchesLevel(levels: readonly number[], userLevel: number | null): boolean {
  if (!levels.length) return true
  return userLevel !== null && levels.includes(userLevel)
}
