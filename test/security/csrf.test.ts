// CSRF (issue 31 B): a write authenticated by the console's session cookie alone does nothing unless
// it carries that session's X-CSRF-Token (lib/auth/authenticate.ts, as GitLab's frontend sends it):
// without one, with a wrong one, and with the token of another session (the same user's and another
// user's) the API answers 401 and no table changes (each table's row count and a hash of its rows,
// before and after). The same writes with the right token do change them, so the digests can tell.
import { randomBytes } from 'node:crypto'
import { encode } from 'next-auth/jwt'
import { beforeAll, describe, expect, it } from 'vitest'
import { csrfTokenFor } from '../../lib/auth/session-cookie'
import { authOptions, authorizeLogin } from '../../lib/console/next-auth'
import { api, createGroup, createUser, unique } from '../helpers'
import { recordSecret } from '../secrets'
import { changedTables as changed, tableDigests as digestAll } from '../table-digest'

const PASSWORD = 'password-123456'

async function signIn(login: string) {
  const user = await authorizeLogin(login, PASSWORD, {})
  if (!user) throw new Error(`sign-in refused for ${login}`)
  const token = await authOptions.callbacks!.jwt!({
    token: { name: user.name, email: user.email, sub: user.id },
    user,
    account: null,
    trigger: 'signIn',
  })
  const value = await encode({ token, secret: process.env.AUTH_SECRET! })
  recordSecret('console session cookie', value)
  recordSecret('CSRF token', csrfTokenFor(value))
  return { cookie: `next-auth.session-token=${value}`, csrf: csrfTokenFor(value) }
}

// Everything, volatile columns included: these refusals come before authentication counts anything.
const tableDigests = () => digestAll({ volatile: false })

let owner: Awaited<ReturnType<typeof createUser>>
let group: { id: number; full_path: string }
let mine: { cookie: string; csrf: string }
let mineElsewhere: { cookie: string; csrf: string }
let someoneElse: { cookie: string; csrf: string }

beforeAll(async () => {
  owner = await createUser()
  const other = await createUser()
  group = await createGroup()
  expect(
    (await api('POST', `/groups/${group.id}/members`, { json: { user_id: owner.id, access_level: 50 } })).status,
  ).toBe(201)
  mine = await signIn(owner.username)
  mineElsewhere = await signIn(owner.username)
  someoneElse = await signIn(other.username)
})

/** Writes a signed-in owner may make: a token, a project, a group edit, a group deletion. */
const writes = () => [
  { method: 'POST', path: '/user/personal_access_tokens', json: { name: unique('csrf'), scopes: ['api'] }, ok: 201 },
  { method: 'POST', path: '/projects', json: { name: unique('csrf'), namespace_id: group.id }, ok: 201 },
  { method: 'PUT', path: `/groups/${group.id}`, json: { description: unique('changed') }, ok: 200 },
  { method: 'DELETE', path: `/groups/${group.id}`, json: undefined, ok: 202 },
]

describe('cookie-authenticated writes need the session’s CSRF token', () => {
  it('does nothing without one, with a wrong one, or with another session’s: 401, every table unchanged', async () => {
    const cases: [string, string | undefined][] = [
      ['no CSRF token', undefined],
      ['an empty CSRF token', ''],
      ['a wrong CSRF token', randomBytes(32).toString('base64url')],
      ['a CSRF token one character off', `${mine.csrf.slice(0, -1)}${mine.csrf.endsWith('A') ? 'B' : 'A'}`],
      ['the same user’s other session’s CSRF token', mineElsewhere.csrf],
      ['another user’s CSRF token', someoneElse.csrf],
    ]
    const before = await tableDigests()
    let refused = 0
    for (const [what, csrf] of cases) {
      for (const w of writes()) {
        const headers: Record<string, string> = { Cookie: mine.cookie }
        if (csrf !== undefined) headers['X-CSRF-Token'] = csrf
        const res = await api(w.method, w.path, { token: null, headers, json: w.json })
        expect([what, w.method, w.path, res.status, res.body]).toEqual([
          what,
          w.method,
          w.path,
          401,
          { message: '401 Unauthorized' },
        ])
        refused++
      }
    }
    const after = await tableDigests()
    console.log(
      `CSRF: ${cases.length} cases × ${writes().length} writes = ${refused} refused (401), tables changed: ${changed(before, after).length} of ${Object.keys(before).length}`,
    )
    expect(changed(before, after)).toEqual([])
    // The cookie itself still reads: the refusal is the missing token, not a dead session.
    expect((await api('GET', `/groups/${group.id}`, { token: null, headers: { Cookie: mine.cookie } })).status).toBe(
      200,
    )
  })

  it('the same writes with the session’s own CSRF token change the tables', async () => {
    for (const w of writes()) {
      const before = await tableDigests()
      const res = await api(w.method, w.path, {
        token: null,
        headers: { Cookie: mine.cookie, 'X-CSRF-Token': mine.csrf },
        json: w.json,
      })
      expect([w.method, w.path, res.status]).toEqual([w.method, w.path, w.ok])
      expect(changed(before, await tableDigests()).length).toBeGreaterThan(0)
    }
  })
})
