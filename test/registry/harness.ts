// The integration tests' registry: a real docker-registry trusting this worker's token key
// (test/registry/process.ts), images pushed over HTTP (push.ts), and tokens signed directly.
import { config } from '../../lib/config'
import { registryKeys } from '../../lib/container-registry/keys'
import { signRegistryToken, type RegistryAccess } from '../../lib/container-registry/token'
import { spawnRegistry, type RunningRegistry } from './process'

export { pushImage, RegistryHttpError, type PushedImage } from './push'
export { REGISTRY_BINARY, type RunningRegistry } from './process'

/** A registry on a free loopback port trusting this process's data directory's token certificate. */
export async function startRegistry(
  opts: { notificationsUrl?: string; notificationSecret?: string } = {},
): Promise<RunningRegistry> {
  const { certificatePath } = await registryKeys()
  return spawnRegistry({
    certificatePath,
    realm: `${process.env.EXTERNAL_URL}/jwt/auth`,
    issuer: config().registryIssuer,
    ...opts,
  })
}

/** A registry token for `access`, signed directly (no /jwt/auth): root, as GitLab's own login. */
export function registryToken(access: RegistryAccess[]): Promise<string> {
  return signRegistryToken({ subject: 'root', authType: 'gitlab_or_ldap', access })
}
