// The protected-branch JSON as the console reads it (GitLab's entity, lib/protected-branches/entity.ts).
export interface AccessEntry {
  id: number
  access_level: number | null
  access_level_description: string
  user_id: number | null
  group_id: number | null
}

export interface ProtectedBranch {
  id: number
  name: string
  push_access_levels: AccessEntry[]
  merge_access_levels: AccessEntry[]
  unprotect_access_levels: AccessEntry[]
  allow_force_push: boolean
  code_owner_approval_required: boolean
}

/** The roles GitLab offers in the "Allowed to …" dropdowns, most restrictive last. */
export const ROLE_OPTIONS = [
  { value: '40', label: 'Maintainers' },
  { value: '30', label: 'Developers + Maintainers' },
  { value: '0', label: 'No one' },
] as const

/** A project member the form can name in allowed_to_push / allowed_to_merge. */
export interface MemberOption {
  id: number
  name: string
  username: string
}

/** A group the project is shared with (`shared_with_groups`), which a rule may name. */
export interface GroupOption {
  id: number
  fullPath: string
}
