// Legacy runner registration tokens (GitLab's runners_token): one for the instance (here), one per
// group and one per project (lib/groups/runners-token.ts, lib/projects/runners-token.ts, beside their
// columns). Stored encrypted (owners read them back) with a sha256 digest, so POST /runners finds
// the owner of a token with one indexed lookup instead of decrypting every row.
import { digestToken } from '../auth/token-digest'
import { namespaceByRunnersTokenDigest } from '../groups/runners-token'
import { projectIdByRunnersTokenDigest } from '../projects/runners-token'
import { decryptSecret, encryptSecret } from '../settings/secrets'
import { insertSystemValue, readSystemValue, writeSystemValue } from '../settings/system-values'
import { newRunnersRegistrationToken as newToken } from '../util/runners-registration-token'
import { safeEqual } from '../util/safe-equal'

const INSTANCE_KEY = 'runners_registration_token'

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
