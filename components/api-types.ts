// The API's JSON shapes as the console reads them (GitLab's documented fields; only those shown).
import type { tokenEntity } from '@/lib/tokens/entity'

export type PersonalAccessToken = ReturnType<typeof tokenEntity>
export type Visibility = 'private' | 'internal' | 'public'

export interface Namespace {
  id: number
  name: string
  path: string
  kind: string
  full_path: string
  parent_id?: number | null
  web_url?: string
}

export interface Group {
  id: number
  name: string
  path: string
  full_name: string
  full_path: string
  description: string | null
  visibility: Visibility
  web_url: string
  parent_id: number | null
  created_at?: string
  request_access_enabled?: boolean
  /** Single-group reads only: groups this group is shared with. */
  shared_with_groups?: SharedWithGroup[]
}

export interface Project {
  id: number
  name: string
  path: string
  name_with_namespace: string
  path_with_namespace: string
  description: string | null
  visibility: Visibility
  default_branch?: string | null
  created_at?: string
  last_activity_at: string | null
  web_url: string
  http_url_to_repo?: string
  archived?: boolean
  namespace: Namespace
  /** Full entity only: groups the project is shared with. */
  shared_with_groups?: SharedWithGroup[]
}

export interface SharedWithGroup {
  group_id: number
  group_name: string
  group_full_path: string
  group_access_level: number
  expires_at: string | null
}

export interface Branch {
  name: string
  default: boolean
  protected: boolean
  merged: boolean
  web_url?: string
  commit?: { id: string; short_id: string; title: string; committed_date?: string; author_name?: string } | null
}

export interface Member {
  id: number
  username: string
  name: string
  state: string
  access_level: number
  expires_at: string | null
  web_url?: string
}
