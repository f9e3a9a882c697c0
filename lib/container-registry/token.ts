// The JWT the registry accepts (GitLab's JSONWebToken::RSAToken for the container registry): RS256
// over the registry key, `kid` the certificate's libtrust key id, `access` the granted scopes.
import { randomUUID } from 'node:crypto'
import { config } from '../config'
import { setting } from '../settings/service'
import { registryKeys } from './keys'

export type RegistryAuthType = 'gitlab_or_ldap' | 'personal_access_token' | 'build' | 'deploy_token'

export interface RegistryAccess {
  type: 'repository' | 'registry'
  name: string
  actions: string[]
  meta?: { project_path: string; project_id: number; root_namespace_id: number }
}

export interface RegistryTokenRequest {
  /** The username, or '' for an anonymous pull. */
  subject: string
  authType: RegistryAuthType
  access: RegistryAccess[]
  audience?: string
}

export async function signRegistryToken({
  subject,
  authType,
  access,
  audience = 'container_registry',
}: RegistryTokenRequest): Promise<string> {
  const { privateKey, kid } = await registryKeys()
  const minutes = await setting<number>('container_registry_token_expire_delay')
  const now = Math.floor(Date.now() / 1000)
  // jose is loaded with the first registry token: start-up does not pay for it.
  const { SignJWT } = await import('jose')
  return (
    new SignJWT({ sub: subject, auth_type: authType, access })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
      .setIssuer(config().registryIssuer)
      .setAudience(audience)
      .setIssuedAt(now)
      // GitLab's allowance for clocks running behind ours.
      .setNotBefore(now - 5)
      .setExpirationTime(now + minutes * 60)
      .setJti(randomUUID())
      .sign(privateKey)
  )
}
