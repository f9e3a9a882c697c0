// What the invite form sends and how it reads GitLab's answer back per address: the body is
// {"status":"success"} or {"status":"error","message":{"<email or username>":"<reason>"}}, plus
// `queued_users` when promotions wait for an administrator.

export interface InviteTarget {
  /** What the owner typed. */
  entry: string
  email?: string
  username?: string
}

export interface InviteResult {
  entry: string
  ok: boolean
  text: string
}

/** Splits "a@x.org, @bob carol" into e-mail and username targets ("@bob" and "carol" are usernames). */
export function parseTargets(raw: string): InviteTarget[] {
  const seen = new Set<string>()
  const out: InviteTarget[] = []
  for (const entry of raw.split(/[\s,;]+/).filter(Boolean)) {
    if (seen.has(entry.toLowerCase())) continue
    seen.add(entry.toLowerCase())
    if (entry.startsWith('@')) out.push({ entry, username: entry.slice(1) })
    else if (entry.includes('@')) out.push({ entry, email: entry })
    else out.push({ entry, username: entry })
  }
  return out
}

export interface InviteResponse {
  status?: string
  message?: Record<string, string> | string
  queued_users?: Record<string, string>
}

/**
 * GitLab's answer does not say what became of an address: one of an existing account makes its
 * owner a member at once, another gets an e-mail and waits as an invitation. `pending` (lower-cased
 * addresses among the source's invitations after the call) tells the two apart; null when unknown.
 */
export function readResults(
  targets: InviteTarget[],
  body: InviteResponse,
  unknown: Set<string>,
  pending: Set<string> | null = null,
): InviteResult[] {
  const messages = typeof body.message === 'object' ? body.message : {}
  const general = typeof body.message === 'string' ? body.message : null
  return targets.map(({ entry, email, username }) => {
    if (username && unknown.has(username.toLowerCase())) return { entry, ok: false, text: 'No user with this username' }
    const key = email ?? username ?? entry
    const msg = Object.entries(messages).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1]
    if (msg) return { entry, ok: false, text: msg }
    const queued = username
      ? Object.entries(body.queued_users ?? {}).find(([k]) => k.toLowerCase() === username.toLowerCase())?.[1]
      : undefined
    if (queued) return { entry, ok: true, text: queued }
    if (body.status === 'error' && general) return { entry, ok: false, text: general }
    if (!email) return { entry, ok: true, text: 'Added as a member' }
    if (!pending)
      return {
        entry,
        ok: true,
        text: 'Invited (an e-mail with an accept link is on its way, or added at once if the address has an account)',
      }
    return pending.has(email.toLowerCase())
      ? { entry, ok: true, text: 'Invited by e-mail: an accept link is on its way' }
      : { entry, ok: true, text: 'Added as a member at once (the address belongs to an account)' }
  })
}
