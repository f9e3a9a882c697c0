// The namespaces the New project form offers: the user's own (unless their project limit is 0, as
// GitLab hides it then) and the groups where the group's project_creation_level lets their role
// create projects (administrators: every group). Read through the API as the signed-in user: groups
// at Developer and at Maintainer level, one page of 100 each, plus the preselected group (its
// create_projects ability already applies the rule).
import type { Actor } from '../auth/actor'
import { api, apiList } from './api'
import { endpoints } from './generated/endpoint-refs'
import { ACCESS } from '../auth/access-levels'
import { projectCreationAllowed } from '../groups/creation-levels'

export interface NamespaceChoice {
  id: number
  kind: 'user' | 'group'
  full_path: string
  /** Full name of a group; the username of a personal namespace. */
  name: string
  /** A group's visibility caps its projects'; a personal namespace sets no cap. */
  visibility: string | null
}

const LIMIT = 100

export async function projectNamespaces(actor: Actor, preselect?: number): Promise<NamespaceChoice[]> {
  const admin = actor.user.admin
  const [own, developer, maintainer] = await Promise.all([
    admin || actor.user.projectsLimit > 0 ? api(endpoints.namespace.show, { id: actor.user.username }) : null,
    apiList(endpoints.group.list, { min_access_level: admin ? undefined : 30, order_by: 'path', per_page: LIMIT }),
    admin ? null : apiList(endpoints.group.list, { min_access_level: 40, order_by: 'path', per_page: LIMIT }),
  ])
  const maintainerIds = new Set(maintainer?.items.map((g) => g.id))
  const level = (id: number) => (maintainerIds.has(id) ? ACCESS.MAINTAINER : ACCESS.DEVELOPER)
  const groups = developer.items.filter((g) => admin || projectCreationAllowed(g.project_creation_level, level(g.id)))
  const choices: NamespaceChoice[] = groups.map((g) => ({
    id: g.id,
    kind: 'group',
    full_path: g.full_path,
    name: g.full_name,
    visibility: g.visibility,
  }))
  if (
    preselect !== undefined &&
    !choices.some((c) => c.id === preselect) &&
    (own?.ok ? own.body.id : undefined) !== preselect
  ) {
    // Beyond the first page, or a group the lists above leave out: the API's abilities decide.
    const g = await api(endpoints.group.show, { id: preselect, with_projects: false })
    if (g.ok && g.body.abilities.create_projects)
      choices.push({
        id: g.body.id,
        kind: 'group',
        full_path: g.body.full_path,
        name: g.body.full_name,
        visibility: g.body.visibility,
      })
  }
  choices.sort((a, b) => a.full_path.localeCompare(b.full_path))
  const personal: NamespaceChoice[] = own?.ok
    ? [{ id: own.body.id, kind: 'user', full_path: own.body.full_path, name: own.body.name, visibility: null }]
    : []
  return [...personal, ...choices]
}
