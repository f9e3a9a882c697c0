// The console's sign-in: next-auth v4 with a username-or-email + password Credentials provider and
// JWT sessions. lib/auth/session-cookie.ts decodes the same cookie for the API, so token.sub must be
// the user id and the secret must be config().authSecret. The JWT also names a server-side session
// (token.sid, lib/auth/console-sessions.ts) that signing out and the account's changes end.
import type { NextAuthOptions } from 'next-auth'
import CredentialsProvider from 'next-auth/providers/credentials'
import { config } from '../config'
import { endConsoleSession, SESSION_SECONDS, startConsoleSession } from '../auth/console-sessions'
import { hashPassword, verifyPassword } from '../auth/password'
import { sessionIdOf } from '../auth/session-cookie'
import { acceptPendingInvitations } from '../invitations/accept'
import { countAuthAttempt, refuseIfBanned } from '../throttle/auth-ban'
import { CONSOLE_CLIENT_HEADER, consoleClientAddress } from '../throttle/client-ip'
import { accountLockedUntil, countLoginAttempt, loginAccount } from '../throttle/login-lock'
import { recordSignIn, userByLogin } from '../users/find'
import type { LoginErrorCode } from './login-messages'

let dummyHash: Promise<string> | undefined
/** Unknown logins still pay for one scrypt, so response time does not reveal which usernames exist. */
const burnPasswordCheck = async (password: string) =>
  verifyPassword(password, await (dummyHash ??= hashPassword('not-a-real-password')))

/** A refusal the sign-in page explains (next-auth sends a thrown error's message as `?error=`). */
const refuse = (code: LoginErrorCode) => new Error(code)

/** Where a sign-in comes from: the client's address (throttles) and its cookies (the session it replaces). */
export interface LoginContext {
  ip?: string | null
  cookie?: string | null
}

/**
 * Checks a sign-in and opens a fresh server-side session for it. The throttles come first and
 * refuse without checking the password, so a flood pays one indexed read per attempt, not scrypt:
 * a banned address (lib/throttle/auth-ban.ts) is refused before anything about the account is read;
 * a locked account (lib/throttle/login-lock.ts) before its password; and each attempt is counted
 * before the check, so concurrent guesses beyond either limit never reach scrypt.
 */
export async function authorizeLogin(
  login: string,
  password: string,
  context: LoginContext = {},
): Promise<{ id: string; name: string; email: string; sid: string } | null> {
  const key = login.trim().toLowerCase()
  if (!key || !password) return null
  const ip = context.ip ?? null
  try {
    await refuseIfBanned(ip)
  } catch {
    throw refuse('TooManyAttempts')
  }
  const user = await userByLogin(key)
  const account = loginAccount(user?.id ?? null, key)
  if (await accountLockedUntil(account)) throw refuse('AccountLocked')
  let address
  try {
    address = await countAuthAttempt(ip)
  } catch {
    throw refuse('TooManyAttempts') // banned meanwhile
  }
  if (address.refused) throw refuse('TooManyAttempts')
  const attempt = await countLoginAttempt(account)
  if (attempt.locked) throw refuse('AccountLocked')
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : (await burnPasswordCheck(password), false)
  const [banned, locked] = await Promise.all([address.settle(ok), attempt.settle(ok)])
  if (!ok || !user) {
    if (locked) throw refuse('AccountLocked')
    if (banned) throw refuse('TooManyAttempts')
    return null
  }
  // Checked after the password so a wrong guess cannot learn that an account is blocked. A
  // deactivated account signs in and is active again (recordSignIn), as in GitLab.
  if (user.state !== 'active' && user.state !== 'deactivated') return null
  await recordSignIn(user)
  await acceptPendingInvitations(user)
  // A new session id at every sign-in (no session fixation), and the one this browser held before
  // ends: its cookie is replaced, and a copy of it must not outlive the replacement.
  const previous = await sessionIdOf(context.cookie ?? null)
  if (previous) await endConsoleSession(previous)
  const sid = await startConsoleSession(user.id)
  return { id: String(user.id), name: user.name, email: user.email, sid }
}

const header = (headers: unknown, name: string): string | null => {
  const v = (headers as Record<string, string | string[] | undefined> | undefined)?.[name]
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null)
}

export const authOptions: NextAuthOptions = {
  providers: [
    CredentialsProvider({
      name: 'Username or email',
      credentials: {
        login: { label: 'Username or email', type: 'text' },
        password: { label: 'Password', type: 'password' },
      },
      authorize: async (credentials, req) =>
        authorizeLogin(credentials?.login ?? '', credentials?.password ?? '', {
          ip: consoleClientAddress(header(req.headers, CONSOLE_CLIENT_HEADER)),
          cookie: header(req.headers, 'cookie'),
        }),
    }),
  ],
  session: { strategy: 'jwt', maxAge: SESSION_SECONDS },
  jwt: { maxAge: SESSION_SECONDS },
  callbacks: {
    // At sign-in `user` is what authorizeLogin returned: the JWT carries its session id.
    jwt: ({ token, user }) => {
      const sid = (user as { sid?: unknown } | undefined)?.sid
      return typeof sid === 'string' ? { ...token, sid } : token
    },
  },
  events: {
    // Signing out ends the session server-side: the cookie, replayed, signs in no one.
    signOut: async ({ token }) => {
      const sid = (token as { sid?: unknown } | null)?.sid
      if (typeof sid === 'string') await endConsoleSession(sid)
    },
  },
  pages: { signIn: '/login', error: '/login' },
  // A getter: reading the secret may create $DATA_DIR/secrets.json, which must not happen at build time.
  get secret() {
    return config().authSecret
  },
}
