// Entities::Namespace with EE's additions, as GitLab shows them to each caller: counts to the
// group's owners, plan and trial to whoever administers the namespace, limits to administrators.
import type { Namespace } from '../db'
import { namespaceBasic } from '../groups/entity'
import type { NamespaceJson } from './schema'
import type { NamespaceFigures } from './service'

export interface NamespaceRights {
  admin: boolean
  adminGroup: boolean
  adminNamespace: boolean
  readBilling: boolean
}

export function namespaceEntity(ns: Namespace, rights: NamespaceRights, figures: NamespaceFigures): NamespaceJson {
  // Object.assign skips an undefined source: each caller sees only the parts it may.
  const counted = Object.assign(
    namespaceBasic(ns),
    { kind: ns.kind === 'user' ? ('user' as const) : ('group' as const) },
    rights.adminGroup
      ? {
          members_count_with_descendants: figures.members,
          // Root storage statistics exist for top-level namespaces only; this product hosts no repositories.
          root_repository_size: ns.parentId === null ? 0 : null,
          projects_count: figures.projects,
        }
      : undefined,
  )
  return Object.assign(
    counted,
    rights.admin
      ? {
          shared_runners_minutes_limit: null,
          extra_shared_runners_minutes_limit: null,
          additional_purchased_storage_size: 0,
          additional_purchased_storage_ends_on: null,
        }
      : undefined,
    { billable_members_count: rights.readBilling ? figures.billable : null },
    rights.adminNamespace ? { plan: 'default', trial_ends_on: null, trial: false } : undefined,
  )
}
