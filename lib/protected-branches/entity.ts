import type { ProtectedBranch, ProtectedBranchAccess } from '../db'
import { accessDescription } from './access'
import type { ProtectedBranchJson } from './schema'

export type RuleWithAccess = ProtectedBranch & { accessLevels: ProtectedBranchAccess[] }
export interface Names {
  users: Map<number, string>
  groups: Map<number, string>
}

function entryEntity(e: ProtectedBranchAccess, names: Names) {
  return {
    id: e.id,
    access_level: e.accessLevel,
    access_level_description: accessDescription(e, {
      user: e.userId ? names.users.get(e.userId) : undefined,
      group: e.groupId ? names.groups.get(e.groupId) : undefined,
    }),
    user_id: e.userId,
    group_id: e.groupId,
    ...(e.kind === 'push' ? { deploy_key_id: e.deployKeyId } : {}),
  }
}

export function protectedBranchEntity(r: RuleWithAccess, names: Names): ProtectedBranchJson {
  const of = (kind: string) =>
    r.accessLevels
      .filter((e) => e.kind === kind)
      .sort((a, b) => a.id - b.id)
      .map((e) => entryEntity(e, names))
  return {
    id: r.id,
    name: r.name,
    push_access_levels: of('push'),
    merge_access_levels: of('merge'),
    unprotect_access_levels: of('unprotect'),
    allow_force_push: r.allowForcePush,
    code_owner_approval_required: r.codeOwnerApprovalRequired,
    inherited: false,
  }
}
