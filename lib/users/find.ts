// The users domain's row finders for other domains (the User table is lib/users's, see
// scripts/check-table-ownership.ts). Only lib/db below, so any domain can call them without a cycle.
import { findManyKept, findOneFast, findOneKept, getDb, isKept, type User } from '../db'

// Through prepared statements (lib/db/fast-read.ts): user pages, authors and owners of every list
// ask for users, and a Prisma query costs ≈ 200 µs of the event loop against ≈ 10 µs here.
export async function userById(id: number): Promise<User | null> {
  return findOneKept('User', 'id', id)
}

/** Rows for a set of ids (authors, owners, rule entries), in no particular order; missing ids are skipped. */
export async function usersByIds(ids: readonly number[]): Promise<User[]> {
  if (!ids.length) return []
  return findManyKept('User', { where: { id: { in: [...new Set(ids)] } }, orderBy: { id: 'asc' }, take: ids.length })
}

/** The columns a listed user shows (userBasic, the e-mail for those who may see it, created_at). */
const LISTED_USER_COLUMNS = ['id', 'username', 'name', 'state', 'email', 'createdAt'] as const
export type ListedUser = Pick<User, (typeof LISTED_USER_COLUMNS)[number]>

/**
 * Each row with its user under `key` (a member's `user`, a snippet's `author`), in one query; a row
 * whose user is gone (deleted between the two reads: users' rows cascade) is left out. Only the
 * listed columns: materialising a whole 25-column User row costs ≈ 12 µs on SQLite, five times these.
 */
export async function withUsers<R, K extends string>(
  rows: readonly R[],
  idOf: (row: R) => number,
  key: K,
): Promise<(R & Record<K, ListedUser>)[]> {
  const ids = [...new Set(rows.map(idOf))]
  const found = ids.length
    ? await findManyKept('User', {
        select: LISTED_USER_COLUMNS,
        where: { id: { in: ids } },
        orderBy: { id: 'asc' },
        take: ids.length,
      })
    : []
  // The join is kept with the page and served only with the very users it was made from: a page
  // and its users are kept by the tables they were read from, and a user renamed leaves the page
  // (members, snippets) as it was.
  const memo = isKept(rows) ? joins.get(rows)?.get(key) : undefined
  if (memo && memo.found === found) return memo.out as (R & Record<K, ListedUser>)[]
  const users = new Map(found.map((u) => [u.id, u]))
  const out = rows.flatMap((row) => {
    const user = users.get(idOf(row))
    return user ? [Object.assign({}, row, { [key]: user }) as R & Record<K, ListedUser>] : []
  })
  if (isKept(rows) && isKept(found)) {
    if (!joins.has(rows)) joins.set(rows, new Map())
    for (const row of out) Object.freeze(row)
    joins.get(rows)!.set(key, { found, out: Object.freeze(out) })
  }
  return out
}

// Joins of kept pages (isKept), by the page and the key: the spreads cost ≈ 1 µs a row.
const joins = new WeakMap<object, Map<string, { found: object; out: readonly unknown[] }>>()

export async function userByUsername(username: string): Promise<User | null> {
  return findOneFast('User', 'usernameLower', username.toLowerCase())
}

/** The user a sign-in names: username or e-mail, any case. */
export async function userByLogin(login: string): Promise<User | null> {
  const key = login.trim().toLowerCase()
  return (await getDb()).user.findFirst({ where: { OR: [{ usernameLower: key }, { emailLower: key }] } })
}

/**
 * Devise's trackable semantics: last_sign_in_at is the previous sign-in. A deactivated user who signs
 * in is active again, as GitLab's SessionsController does ("Welcome back!").
 */
export async function recordSignIn(
  user: Pick<User, 'id' | 'currentSignInAt' | 'state'>,
  now = new Date(),
): Promise<void> {
  const reactivate = user.state === 'deactivated' ? { state: 'active' } : {}
  await (
    await getDb()
  ).user.update({
    where: { id: user.id },
    data: { lastSignInAt: user.currentSignInAt ?? now, currentSignInAt: now, ...reactivate },
  })
}

export async function userByEmail(email: string): Promise<User | null> {
  return (await getDb()).user.findUnique({ where: { emailLower: email.toLowerCase() } })
}

/** Users by e-mail (any case); addresses nobody has are skipped. */
export async function usersByEmails(emails: readonly string[]): Promise<User[]> {
  if (!emails.length) return []
  return (await getDb()).user.findMany({ where: { emailLower: { in: emails.map((e) => e.toLowerCase()) } } })
}

/** Users by username (any case); unknown names are skipped. */
export async function usersByUsernames(usernames: readonly string[]): Promise<User[]> {
  if (!usernames.length) return []
  return (await getDb()).user.findMany({ where: { usernameLower: { in: usernames.map((u) => u.toLowerCase()) } } })
}
