// The console's sign-in: next-auth v4 with a username-or-email + password Credentials provider and
// JWT sessions. lib/auth/session-cookie.ts decodes the same cookie for the API, so token.sub must be
// the user id and the secret must be config().authSecret.
import type { NextAuthOptions } from 'next-auth'
import CredentialsProvider from 'next-auth/providers/credentials'
import { config } from '../config'
import { hashPassword, verifyPassword } from '../auth/password'
import { acceptPendingInvitations } from '../invitations/accept'
import { recordSignIn, userByLogin } from '../users/find'

/** GitLab's default session_expire_delay: one week. */
const SESSION_SECONDS = 7 * 24 * 3600

let dummyHash: Promise<string> | undefined
/** Unknown logins still pay for one scrypt, so response time does not reveal which usernames exist. */
const burnPasswordCheck = async (password: string) => verifyPassword(password, await (dummyHash ??= hashPassword('not-a-real-password')))

export async function authorizeLogin(login: string, password: string): Promise<{ id: string; name: string; email: string } | null> {
  const key = login.trim().toLowerCase()
  if (!key || !password) return null
  const user = await userByLogin(key)
  if (!user || !user.passwordHash) {
    await burnPasswordCheck(password)
    return null
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null
  // Checked after the password so a wrong guess cannot learn that an account is blocked. A
  // deactivated account signs in and is active again (recordSignIn), as in GitLab.
  if (user.state !== 'active' && user.state !== 'deactivated') return null
  await recordSignIn(user)
  await acceptPendingInvitations(user)
  return { id: String(user.id), name: user.name, email: user.email }
}

export const authOptions: NextAuthOptions = {
  providers: [
    CredentialsProvider({
      name: 'Username or email',
      credentials: {
        login: { label: 'Username or email', type: 'text' },
        password: { label: 'Password', type: 'password' },
      },
      authorize: async (credentials) => authorizeLogin(credentials?.login ?? '', credentials?.password ?? ''),
    }),
  ],
  session: { strategy: 'jwt', maxAge: SESSION_SECONDS },
  jwt: { maxAge: SESSION_SECONDS },
  pages: { signIn: '/login', error: '/login' },
  // A getter: reading the secret may create $DATA_DIR/secrets.json, which must not happen at build time.
  get secret() {
    return config().authSecret
  },
}
