import type { SshKey } from '../db'
import type { ManagedKeyJson } from './schema'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The enterprise SSH key record (spec: no key material, with the owner's id). */
export const managedKeyEntity = (k: SshKey): ManagedKeyJson => ({
  id: k.id,
  title: k.title,
  created_at: k.createdAt.toISOString(),
  expires_at: iso(k.expiresAt),
  last_used_at: iso(k.lastUsedAt),
  usage_type: k.usageType,
  user_id: k.userId,
})
