import type { SshKey } from '../db'
import type { ManagedKeyJson } from './schema'
import { isoOrNull as iso, isoTime } from '../api/time'

/** The enterprise SSH key record (spec: no key material, with the owner's id). */
export const managedKeyEntity = (k: SshKey): ManagedKeyJson => ({
  id: k.id,
  title: k.title,
  created_at: isoTime(k.createdAt),
  expires_at: iso(k.expiresAt),
  last_used_at: iso(k.lastUsedAt),
  usage_type: k.usageType,
  user_id: k.userId,
})
