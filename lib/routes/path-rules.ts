// GitLab's rules for a namespace or project path, pure: the API checks them on create and rename,
// the console's create forms as the user types.

/** Paths reserved by GitLab at the top level. */
const RESERVED = new Set([
  '-',
  'api',
  'admin',
  'dashboard',
  'explore',
  'groups',
  'projects',
  'users',
  'help',
  'login',
  'logout',
  'public',
  'assets',
  'uploads',
  'search',
  'oauth',
  'jwt',
  's',
  'v2',
])
// GitLab's path rule: starts with a letter/digit/_, letters/digits/_/-/. after, no trailing '.', no '.git'/'.atom' ending.
const PATH_RE = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]*$/

export function pathErrors(path: string, topLevel: boolean): string[] {
  const errors: string[] = []
  if (!path) return ["can't be blank"]
  if (path.length > 255) errors.push('is too long (maximum is 255 characters)')
  if (!PATH_RE.test(path) || /\.$/.test(path) || /\.(git|atom)$/i.test(path))
    errors.push(
      "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'",
    )
  if (topLevel && RESERVED.has(path.toLowerCase())) errors.push(`${path} is a reserved name`)
  return errors
}

/** GitLab derives a path from the name: lower-case, runs of other characters become '-'. */
export const pathFromName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
