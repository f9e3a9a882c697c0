// Loads a group or project by full path for a detail page: 404 → the not-found page, and a renamed
// path (the API's 301 to the numeric id) → a redirect to the console URL of the new path.
import { cache } from 'react'
import { notFound, redirect } from 'next/navigation'
import type { BodyOf } from '../api/endpoint'
import { api, type ApiResult } from './api'
import { endpoints } from './generated/endpoint-refs'
import { consolePath } from './paths'

/** The details as GET /groups/:id and /projects/:id declare them (with the viewer's abilities). */
export type GroupDetail = BodyOf<typeof endpoints.group.show>
export type ProjectDetail = BodyOf<typeof endpoints.project.show>

interface Loader<T> {
  load: (id: string | number) => Promise<ApiResult<T>>
  fullPath: (body: T) => string
}

// Memoised per request (React's cache): a page's generateMetadata names the group or project in
// the title and the page itself loads the same detail, one API call for both.
const loadGroup = cache((id: string | number) => api(endpoints.group.show, { id, with_projects: false }))
const loadProject = cache((id: string | number) => api(endpoints.project.show, { id }))

const groupLoader: Loader<GroupDetail> = {
  // Console pages list a group's projects on their own, paged: the detail's 100 are not needed.
  load: loadGroup,
  fullPath: (g) => g.full_path,
}
const projectLoader: Loader<ProjectDetail> = { load: loadProject, fullPath: (p) => p.path_with_namespace }

/**
 * The detail for a page's title: the API's answer as is (no not-found or redirect, since
 * generateMetadata runs before the page's own sign-in check and must not pre-empt it).
 */
export function peekByPath(kind: 'groups', fullPath: string): Promise<ApiResult<GroupDetail>>
export function peekByPath(kind: 'projects', fullPath: string): Promise<ApiResult<ProjectDetail>>
export function peekByPath(
  kind: 'groups' | 'projects',
  fullPath: string,
): Promise<ApiResult<GroupDetail | ProjectDetail>> {
  return kind === 'groups' ? loadGroup(fullPath) : loadProject(fullPath)
}

/** The detail, or the page's not-found; a non-404 error comes back for the page to show. */
export function loadByPath(kind: 'groups', fullPath: string, section?: string): Promise<ApiResult<GroupDetail>>
export function loadByPath(kind: 'projects', fullPath: string, section?: string): Promise<ApiResult<ProjectDetail>>
export function loadByPath(
  kind: 'groups' | 'projects',
  fullPath: string,
  section?: string,
): Promise<ApiResult<GroupDetail | ProjectDetail>> {
  return kind === 'groups'
    ? loadVia(groupLoader, kind, fullPath, section)
    : loadVia(projectLoader, kind, fullPath, section)
}

async function loadVia<T>(
  loader: Loader<T>,
  kind: 'groups' | 'projects',
  fullPath: string,
  section?: string,
): Promise<ApiResult<T>> {
  const res = await loader.load(fullPath)
  if (res.status === 404) notFound()
  if (res.status === 301) {
    const id = /\/api\/v4\/(?:groups|projects)\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1]
    const moved = id ? await loader.load(id) : null
    if (moved?.ok) redirect(consolePath(kind, loader.fullPath(moved.body), section))
    notFound()
  }
  return res
}
