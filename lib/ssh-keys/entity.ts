import type { SshKey } from '../db'
import type { SshKeyJson } from './schema'
import { isoOrNull, isoTime } from '../api/time'

export const sshKeyEntity = (k: SshKey): SshKeyJson => ({
  id: k.id,
  title: k.title,
  created_at: isoTime(k.createdAt),
  expires_at: isoOrNull(k.expiresAt),
  last_used_at: isoOrNull(k.lastUsedAt),
  key: k.key,
  usage_type: k.usageType as SshKeyJson['usage_type'],
})
