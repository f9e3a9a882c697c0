// First start: the root administrator, with INITIAL_ROOT_PASSWORD (or a generated one, printed once)
// and, if INITIAL_ROOT_TOKEN is set, a personal access token with that value. Safe to run from
// several processes at once: the unique username decides who creates it.
import { randomBytes } from 'node:crypto'
import { issueToken, tokenValueExists } from '../tokens/service'
import { createUser } from '../users/service'
import { isApiError } from '../api/errors'
import { userByUsername } from '../users/find'
import { config } from '../config'

export async function seedRoot(log: (msg: string) => void = console.log): Promise<void> {
  let root = await userByUsername('root')
  if (!root) {
    const given = config().initialRoot.password
    const password = given ?? randomBytes(18).toString('base64url')
    try {
      await createUser(
        {
          username: 'root',
          email: 'admin@example.com',
          name: 'Administrator',
          password,
          admin: true,
          skip_confirmation: true,
        },
        null,
      )
      if (!given)
        log(
          `Created the root administrator. Username: root  Password: ${password}  (shown once; change it after signing in)`,
        )
      else log('Created the root administrator with INITIAL_ROOT_PASSWORD.')
    } catch (e) {
      if (!isApiError(e) || e.status !== 409) throw e // another process created it first
    }
    root = await userByUsername('root')
    if (!root) throw new Error('root was created but cannot be read back')
  }
  const tokenValue = config().initialRoot.token
  if (tokenValue && !(await tokenValueExists(tokenValue))) {
    try {
      await issueToken(
        root.id,
        { name: 'initial-root-token', scopes: ['api', 'read_api', 'sudo', 'admin_mode'] },
        tokenValue,
      )
      log('Created the INITIAL_ROOT_TOKEN personal access token for root.')
    } catch (e) {
      if ((e as { code?: string }).code !== 'P2002') throw e
    }
  }
}
