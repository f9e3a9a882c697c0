// Console sessions end server-side (issue 31 A9): a cookie replayed after signing out, a password
// change, blocking, deactivating, deleting or "revoke all sessions" signs in no one; each sign-in is
// a new session. Sign-ins are throttled per account (GitLab's locked users) and per address (the
// failed-authentication ban), and a refused attempt costs no scrypt.
// Sessions are made as next-auth makes them: authorizeLogin, then authOptions' jwt callback, then
// next-auth's own encode; signing out is next-auth's signOut event with the decoded token.
import { randomBytes } from 'node:crypto'
import { encode, type JWT } from 'next-auth/jwt'
import { describe, expect, it } from 'vitest'
import { csrfTokenFor } from '../../lib/auth/session-cookie'
import { passwordChecks } from '../../lib/auth/password'
import { authOptions, authorizeLogin, type LoginContext } from '../../lib/console/next-auth'
import { getDb } from '../../lib/db'
import { findUser, revokeUserSessions } from '../../lib/users/service'
import { api, createUser, ROOT_TOKEN } from '../helpers'

const PASSWORD = 'password-123456'

interface Session {
  cookie: string
  csrf: string
  token: JWT
}

async function signIn(login: string, password = PASSWORD, context: LoginContext = {}): Promise<Session> {
  const user = await authorizeLogin(login, password, context)
  if (!user) throw new Error(`sign-in refused for ${login}`)
  const initial: JWT = { name: user.name, email: user.email, sub: user.id }
  const jwt = authOptions.callbacks?.jwt
  const token = jwt ? await jwt({ token: initial, user, account: null, trigger: 'signIn' }) : initial
  const value = await encode({ token, secret: process.env.AUTH_SECRET! })
  return { cookie: `next-auth.session-token=${value}`, csrf: csrfTokenFor(value), token }
}

async function signOut(s: Session): Promise<void> {
  await authOptions.events?.signOut?.({ token: s.token, session: null } as never)
}

/** GET /user with the session cookie alone: 200 while the session lives, 401 once it ended. */
const whoAmI = (s: Session) => api('GET', '/user', { token: null, headers: { Cookie: s.cookie } })

const consoleSessionCount = async (userId: number) => (await getDb()).consoleSession.count({ where: { userId } })

/** Runs a sign-in that is expected to be refused; its error code, or 'null' for a plain refusal. */
async function refusal(login: string, password: string, context: LoginContext = {}): Promise<string> {
  try {
    const user = await authorizeLogin(login, password, context)
    return user ? 'signed-in' : 'null'
  } catch (e) {
    return (e as Error).message
  }
}

const freshAddress = () => `2001:db8:a9::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`

describe('console sessions end server-side', () => {
  it('signing out ends that session: the cookie, replayed, signs in no one; other sessions stay', async () => {
    const u = await createUser()
    const s = await signIn(u.username)
    const other = await signIn(u.username)
    expect((await whoAmI(s)).body.id).toBe(u.id)
    await signOut(s)
    const replayed = await whoAmI(s)
    expect(replayed.status).toBe(401)
    expect(replayed.body).toEqual({ message: '401 Unauthorized' })
    // A cookie-authenticated write with its CSRF token is refused as well.
    const write = await api('POST', '/user/personal_access_tokens', {
      token: null,
      headers: { Cookie: s.cookie, 'X-CSRF-Token': s.csrf },
      json: { name: 'x', scopes: ['api'] },
    })
    expect(write.status).toBe(401)
    expect((await whoAmI(other)).status).toBe(200)
  })

  it('gives every sign-in a new session id and ends the session the browser signed in with', async () => {
    const u = await createUser()
    const first = await signIn(u.username)
    const second = await signIn(u.username)
    expect(first.token.sid).toEqual(expect.any(String))
    expect(second.token.sid).toEqual(expect.any(String))
    expect(second.token.sid).not.toBe(first.token.sid)
    // Signing in again from the browser that holds `first` replaces it.
    const third = await signIn(u.username, PASSWORD, { cookie: first.cookie })
    expect(third.token.sid).not.toBe(first.token.sid)
    expect((await whoAmI(first)).status).toBe(401)
    expect((await whoAmI(second)).status).toBe(200)
    expect((await whoAmI(third)).status).toBe(200)
  })

  it('refuses a valid JWT that names no server-side session (signed with the secret, but never signed in)', async () => {
    const u = await createUser()
    const forged = await encode({
      token: { sub: String(u.id), sid: 'not-a-session' },
      secret: process.env.AUTH_SECRET!,
    })
    expect(
      (await api('GET', '/user', { token: null, headers: { Cookie: `next-auth.session-token=${forged}` } })).status,
    ).toBe(401)
    const sidless = await encode({ token: { sub: String(u.id) }, secret: process.env.AUTH_SECRET! })
    expect(
      (await api('GET', '/user', { token: null, headers: { Cookie: `next-auth.session-token=${sidless}` } })).status,
    ).toBe(401)
  })

  it('a password change (PUT /users/:id) ends every session of the user', async () => {
    const u = await createUser()
    const a = await signIn(u.username)
    const b = await signIn(u.username)
    const put = await api('PUT', `/users/${u.id}`, { json: { password: 'another-password-987' } })
    expect(put.status).toBe(200)
    expect((await whoAmI(a)).status).toBe(401)
    expect((await whoAmI(b)).status).toBe(401)
    expect(await consoleSessionCount(u.id)).toBe(0)
    // Another change of the account keeps the sessions.
    const c = await signIn(u.username, 'another-password-987')
    expect((await api('PUT', `/users/${u.id}`, { json: { bio: 'still signed in' } })).status).toBe(200)
    expect((await whoAmI(c)).status).toBe(200)
  })

  it('blocking ends every session, and unblocking does not bring them back', async () => {
    const u = await createUser()
    const s = await signIn(u.username)
    expect((await api('POST', `/users/${u.id}/block`)).status).toBe(201)
    expect((await whoAmI(s)).status).toBe(401)
    expect((await api('POST', `/users/${u.id}/unblock`)).status).toBe(201)
    expect((await whoAmI(s)).status).toBe(401)
    expect((await whoAmI(await signIn(u.username))).status).toBe(200)
  })

  it('deactivating ends every session, and activating does not bring them back', async () => {
    const u = await createUser()
    const s = await signIn(u.username)
    // Only a dormant user can be deactivated: make this one look like it signed in long ago.
    await (
      await getDb()
    ).user.update({ where: { id: u.id }, data: { currentSignInAt: null, lastSignInAt: null, lastActivityOn: null } })
    const deactivated = await api('POST', `/users/${u.id}/deactivate`)
    expect(deactivated.status).toBe(201)
    expect((await api('POST', `/users/${u.id}/activate`)).status).toBe(201)
    expect((await whoAmI(s)).status).toBe(401)
  })

  it('deleting the user deletes their sessions', async () => {
    const u = await createUser()
    await signIn(u.username)
    expect(await consoleSessionCount(u.id)).toBe(1)
    expect((await api('DELETE', `/users/${u.id}`)).status).toBe(204)
    const deadline = Date.now() + 10_000
    while ((await consoleSessionCount(u.id)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(await consoleSessionCount(u.id)).toBe(0)
  })

  it("an administrator's revoke-all ends every session of the user; nobody else may", async () => {
    const u = await createUser()
    const a = await signIn(u.username)
    const b = await signIn(u.username)
    const bystander = await createUser()
    const kept = await signIn(bystander.username)
    const someone = { user: await findUser(bystander.id), token: null, via: 'session' as const }
    await expect(revokeUserSessions(someone, u.id)).rejects.toMatchObject({ status: 403 })
    expect((await whoAmI(a)).status).toBe(200)
    const root = await api('GET', '/user', { token: ROOT_TOKEN })
    const admin = { user: await findUser(root.body.id), token: null, via: 'session' as const }
    expect(await revokeUserSessions(admin, u.id)).toBe(2)
    expect((await whoAmI(a)).status).toBe(401)
    expect((await whoAmI(b)).status).toBe(401)
    expect((await whoAmI(kept)).status).toBe(200)
    await expect(revokeUserSessions(admin, 999_999_999)).rejects.toMatchObject({ status: 404 })
  })
})

describe('sign-in throttles', () => {
  it('locks an account after 10 failed sign-ins; a locked account is refused without a password check', async () => {
    const u = await createUser()
    const before = passwordChecks.count
    const outcomes: string[] = []
    for (let i = 0; i < 10; i++) outcomes.push(await refusal(u.username, `wrong-${i}`))
    expect(outcomes).toEqual([...Array(9).fill('null'), 'AccountLocked'])
    expect(passwordChecks.count - before).toBe(10)
    // Locked: even the right password is refused, and scrypt does not run.
    expect(await refusal(u.username, PASSWORD)).toBe('AccountLocked')
    expect(await refusal(u.username.toUpperCase(), PASSWORD)).toBe('AccountLocked')
    expect(passwordChecks.count - before).toBe(10)
    // The lock ends with its period (10 minutes, moved into the past here, with the series of
    // failures that ends with it): the account signs in again.
    const ended = { expiresAt: new Date(Date.now() - 1000) }
    expect(
      (
        await (
          await getDb()
        ).rateLimitCounter.updateMany({
          where: { key: { in: [`login_lock:user:${u.id}`, `login_fail:user:${u.id}`] } },
          data: ended,
        })
      ).count,
    ).toBe(2)
    expect((await whoAmI(await signIn(u.username))).status).toBe(200)
  })

  it('forgets failures at a successful sign-in', async () => {
    const u = await createUser()
    for (let i = 0; i < 9; i++) expect(await refusal(u.username, `wrong-${i}`)).toBe('null')
    await signIn(u.username)
    for (let i = 0; i < 9; i++) expect(await refusal(u.username, `wrong-${i}`)).toBe('null')
    await signIn(u.username)
  })

  it('locks an unknown login the same way, so the message tells nothing about which names exist', async () => {
    const name = `nobody-${randomBytes(4).toString('hex')}`
    const outcomes: string[] = []
    for (let i = 0; i < 11; i++) outcomes.push(await refusal(name, 'whatever'))
    expect(outcomes).toEqual([...Array(9).fill('null'), 'AccountLocked', 'AccountLocked'])
  })

  it('lets at most 10 of 30 concurrent guesses on one account reach scrypt', async () => {
    const u = await createUser()
    const before = passwordChecks.count
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => refusal(u.username, `wrong-${i}`)))
    expect(passwordChecks.count - before).toBe(10)
    expect(outcomes.filter((o) => o === 'AccountLocked').length).toBeGreaterThanOrEqual(20)
    expect(outcomes.every((o) => o === 'null' || o === 'AccountLocked')).toBe(true)
  })

  it('bans an address after 10 failed sign-ins (any accounts): refused unchecked, other addresses unaffected', async () => {
    const ip = freshAddress()
    const u = await createUser()
    const outcomes: string[] = []
    // A different unknown name each time: no account lock, only the address counts.
    for (let i = 0; i < 10; i++)
      outcomes.push(await refusal(`nobody-${randomBytes(4).toString('hex')}`, 'guess', { ip }))
    expect(outcomes).toEqual([...Array(9).fill('null'), 'TooManyAttempts'])
    const before = passwordChecks.count
    expect(await refusal(u.username, PASSWORD, { ip })).toBe('TooManyAttempts')
    expect(passwordChecks.count).toBe(before)
    expect((await whoAmI(await signIn(u.username, PASSWORD, { ip: freshAddress() }))).status).toBe(200)
  })

  it('lets at most 10 of 40 concurrent guesses from one address reach scrypt', async () => {
    const ip = freshAddress()
    const before = passwordChecks.count
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => refusal(`nobody-${randomBytes(4).toString('hex')}`, 'guess', { ip })),
    )
    expect(passwordChecks.count - before).toBeLessThanOrEqual(10)
    expect(outcomes.filter((o) => o === 'TooManyAttempts').length).toBeGreaterThanOrEqual(30)
  })

  it('resets the address count at a successful sign-in', async () => {
    const ip = freshAddress()
    const u = await createUser()
    for (let i = 0; i < 9; i++)
      expect(await refusal(`nobody-${randomBytes(4).toString('hex')}`, 'guess', { ip })).toBe('null')
    await signIn(u.username, PASSWORD, { ip })
    for (let i = 0; i < 9; i++)
      expect(await refusal(`nobody-${randomBytes(4).toString('hex')}`, 'guess', { ip })).toBe('null')
  })
})
