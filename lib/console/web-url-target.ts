// Where a GitLab web URL opens in the console. The API writes GitLab's `web_url`s
// (`/group/project`, `/group/project/-/pipelines/5`, `/groups/g/-/epics/2`, `/username`); people
// and clients follow them, and the console's own routes are `/projects/…`, `/groups/…` and
// `/admin/users/:id`. `/groups/…` is the console's already; the rest is resolved here, through the
// API as the viewer, so a path names nothing the viewer may not see.
import { splitResourcePath } from './paths'
import { consolePath } from '../util/console-path'

export interface WebUrlLookup {
  /** The project's path_with_namespace (its current one, after a rename), or null. */
  project(fullPath: string): Promise<string | null>
  /** The group's full_path, or null. */
  group(fullPath: string): Promise<string | null>
  /** The user's id, or null. */
  user(username: string): Promise<number | null>
  /** The console serves this sub-page of a project or group (`pipelines/5`, `settings/ci_cd`). */
  serves(kind: 'projects' | 'groups', section: string[]): boolean
}

export interface WebUrlViewer {
  signedIn: boolean
  admin: boolean
}

/**
 * GitLab's sub-pages the console shows at another URL: a schedule has no page in GitLab but its
 * edit form (`/-/pipeline_schedules/5/edit`), which is the schedule's page here (Edit on it); the
 * new-schedule form (`/-/pipeline_schedules/new`) sits below the list.
 */
function consoleSection(section: string[]): string[] {
  if (section[0] !== 'pipeline_schedules') return section
  const [, id, page] = section
  if (section.length === 2 && id === 'new') return ['pipeline_schedules']
  if (section.length === 3 && id && /^\d+$/.test(id) && page === 'edit') return ['pipeline_schedules', id]
  return section
}

/**
 * The console path for the URL's segments, or null (nothing the viewer may see: the caller answers
 * 404, or sends a signed-out visitor to sign in first). A sub-page the console lacks (`/-/tree/main`,
 * `/-/commit/…`) opens the project's overview rather than a 404.
 */
export async function webUrlTarget(
  segments: string[],
  lookup: WebUrlLookup,
  viewer: WebUrlViewer,
): Promise<string | null> {
  const { fullPath, section: gitlabSection } = splitResourcePath(segments)
  const section = consoleSection(gitlabSection)
  if (!fullPath) return null
  const sub = (kind: 'projects' | 'groups') =>
    section.length && lookup.serves(kind, section) ? section.join('/') : undefined
  // A project's path has a namespace; a lone segment is a group or a user (GitLab's namespaces).
  if (fullPath.includes('/')) {
    const project = await lookup.project(fullPath)
    if (project) return consolePath('projects', project, sub('projects'))
  }
  const group = await lookup.group(fullPath)
  if (group) return consolePath('groups', group, sub('groups'))
  if (!fullPath.includes('/') && section.length === 0 && viewer.admin) {
    // A user's page is the Admin area's; for anyone else the console has none (the caller's 404).
    const id = await lookup.user(fullPath)
    if (id !== null) return `/admin/users/${id}`
  }
  return null
}
