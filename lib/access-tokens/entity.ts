import type { Member, PersonalAccessToken, User } from '../db'
import { tokenEntity } from '../tokens/entity'
import type { ResourceTokenJson, ResourceTokenRecordJson } from './schema'

export type ResourceTokenRow = PersonalAccessToken & { user: User & { memberships: Member[] } }

/** The enterprise credential record of a group/project access token (spec: PAT fields + three). */
export function resourceTokenRecord(t: ResourceTokenRow): ResourceTokenRecordJson {
  const membership = t.user.memberships.find(
    (m) => m.sourceType === t.user.botResourceType && m.sourceId === t.user.botResourceId,
  )
  return Object.assign(tokenEntity(t), {
    access_level: membership?.accessLevel ?? null,
    resource_type: t.user.botResourceType === 'Project' ? ('project' as const) : ('group' as const),
    resource_id: t.user.botResourceId,
  })
}

/** GitLab's Entities::ResourceAccessToken (it also carries last_used_ips, not tracked here). */
export const resourceTokenEntity = (t: ResourceTokenRow): ResourceTokenJson =>
  Object.assign(resourceTokenRecord(t), { last_used_ips: [] as string[] })

/** Only the create and rotate responses carry the plaintext. */
export const resourceTokenWithValue = (t: ResourceTokenRow, token: string) =>
  Object.assign(resourceTokenEntity(t), { token })
