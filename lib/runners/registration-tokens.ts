// Legacy runner registration tokens (GitLab's runners_token): one for the instance, one per group,
// one per project. Stored encrypted (owners read them back) with a sha256 digest, so POST /runners
// finds the owner of a token with one indexed lookup instead of decrypting every row.
import { randomBytes } from 'node:crypto'
import { digestToken } from '../auth/token-digest'
import type { Namespace, Project } from '../db'
import { groupRunnersTokenEnc, namespaceByRunnersTokenDigest, replaceGroupRunnersToken } from '../groups/runners-token'
import {
  projectIdByRunnersTokenDigest,
  projectRunnersTokenEnc,
  replaceProjectRunnersToken,
} from '../projects/runners-token'
import { decryptSecret, encryptSecret } from '../settings/secrets'
import { insertSystemValue, readSystemValue, writeSystemValue } from '../settings/system-values'
import { safeEqual } from '../util/safe-equal'

/** GitLab's prefix for registration tokens (RunnersTokenPrefixable). */
export const RUNNERS_TOKEN_PREFIX = 'GR1348941'
const INSTANCE_KEY = 'runners_registration_token'

const newToken = () => `${RUNNERS_TOKEN_PREFIX}${randomBytes(15).toString('base64url')}`

export type RegistrationOwner =
  | { runnerType: 'instance_type' }
  | { runnerType: 'group_type'; groupId: number }
  | { runnerType: 'project_type'; projectId: number }

export async function instanceRegistrationToken(reset = false): Promise<string> {
  const stored = reset ? null : await readSystemValue(INSTANCE_KEY)
  const existing = stored ? decryptSecret(stored) : null
  if (existing) return existing
  const token = newToken()
  if (reset) {
    await writeSystemValue(INSTANCE_KEY, encryptSecret(token))
    return token
  }
  // Two first reads racing: the first writer wins and the other reads its token back.
  try {
    await insertSystemValue(INSTANCE_KEY, encryptSecret(token))
    return token
  } catch {
    const again = await readSystemValue(INSTANCE_KEY)
    return (again && decryptSecret(again)) || token
  }
}

/** The group's token, created on first read (or a new one with `reset`). */
export async function groupRegistrationToken(
  g: Pick<Namespace, 'id' | 'runnersTokenEnc' | 'runnersTokenDigest'>,
  reset = false,
): Promise<string> {
  const existing = !reset && g.runnersTokenEnc ? decryptSecret(g.runnersTokenEnc) : null
  if (existing && g.runnersTokenDigest) return existing
  const token = existing ?? newToken()
  if ((await replaceGroupRunnersToken(g.id, g.runnersTokenEnc, encryptSecret(token), digestToken(token))) || reset)
    return token
  const stored = await groupRunnersTokenEnc(g.id)
  return (stored && decryptSecret(stored)) || token
}

export async function projectRegistrationToken(
  p: Pick<Project, 'id' | 'runnersTokenEnc'>,
  reset = false,
): Promise<string> {
  const existing = !reset && p.runnersTokenEnc ? decryptSecret(p.runnersTokenEnc) : null
  if (existing) return existing
  const token = newToken()
  if (
    await replaceProjectRunnersToken(
      p.id,
      reset ? undefined : p.runnersTokenEnc,
      encryptSecret(token),
      digestToken(token),
    )
  )
    return token
  const stored = await projectRunnersTokenEnc(p.id)
  return (stored && decryptSecret(stored)) || token
}

/** Whose registration token this is, or null. */
export async function registrationOwner(token: string): Promise<RegistrationOwner | null> {
  const digest = digestToken(token)
  const [group, projectId, instance] = await Promise.all([
    namespaceByRunnersTokenDigest(digest),
    projectIdByRunnersTokenDigest(digest),
    readSystemValue(INSTANCE_KEY),
  ])
  const instanceToken = instance ? decryptSecret(instance) : null
  if (instanceToken && safeEqual(instanceToken, token)) return { runnerType: 'instance_type' }
  if (group && group.kind === 'group') return { runnerType: 'group_type', groupId: group.id }
  if (projectId !== null) return { runnerType: 'project_type', projectId }
  return null
}
