// The signed-in viewer's role in a group or project, for deciding which tabs to offer. Pages still
// rely on the API's own refusals; this only hides doors the viewer cannot open.
import type { Actor } from '../auth/actor'
import { api } from './api'
import { endpoints } from './endpoint-refs'

const ADMIN = Number.MAX_SAFE_INTEGER

export async function groupViewerLevel(actor: Actor, groupId: number): Promise<number> {
  if (actor.user.admin) return ADMIN
  const res = await api(endpoints.member.group.showAll, { id: groupId, user_id: actor.user.id })
  return res.ok ? res.body.access_level : 0
}

type Access = { access_level?: number } | null | undefined
export function projectViewerLevel(actor: Actor, permissions: { project_access?: Access; group_access?: Access } | undefined): number {
  if (actor.user.admin) return ADMIN
  return Math.max(permissions?.project_access?.access_level ?? 0, permissions?.group_access?.access_level ?? 0)
}
