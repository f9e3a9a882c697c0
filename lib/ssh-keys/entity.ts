import type { SshKey } from '../db/generated/sqlite/client'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export const sshKeyEntity = (k: SshKey) => ({
  id: k.id,
  title: k.title,
  created_at: iso(k.createdAt),
  expires_at: iso(k.expiresAt),
  last_used_at: iso(k.lastUsedAt),
  key: k.key,
  usage_type: k.usageType,
})
