import type { SshKey } from '../db'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The enterprise SSH key record (spec: no key material, with the owner's id). */
export const managedKeyEntity = (k: SshKey) => ({
  id: k.id,
  title: k.title,
  created_at: iso(k.createdAt),
  expires_at: iso(k.expiresAt),
  last_used_at: iso(k.lastUsedAt),
  usage_type: k.usageType,
  user_id: k.userId,
})
