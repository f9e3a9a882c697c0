import { getDb } from '../db'
import { groupSettings } from './settings'

/** GitLab's share_with_group_lock: set on any of these groups (a project's group and those above it), no project there may be shared. */
export async function shareWithGroupLocked(groupIds: readonly number[]): Promise<boolean> {
  const groups = await (
    await getDb()
  ).namespace.findMany({ where: { id: { in: [...groupIds] } }, select: { settings: true } })
  return groups.some((g) => groupSettings(g).share_with_group_lock)
}
