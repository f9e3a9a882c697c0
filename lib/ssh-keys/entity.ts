import type { SshKey } from '../db'
import type { SshKeyJson } from './schema'

export const sshKeyEntity = (k: SshKey): SshKeyJson => ({
  id: k.id,
  title: k.title,
  created_at: k.createdAt.toISOString(),
  expires_at: k.expiresAt?.toISOString() ?? null,
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  key: k.key,
  usage_type: k.usageType as SshKeyJson['usage_type'],
})
