// Loads a group or project by full path for a detail page: 404 → the not-found page, and a renamed
// path (the API's 301 to the numeric id) → a redirect to the console URL of the new path.
import { notFound, redirect } from 'next/navigation'
import { api, type ApiResult } from './api'
import { endpoints } from './endpoint-refs'
import { consolePath } from './paths'

type Kind = 'groups' | 'projects'
const fullPathOf = (kind: Kind, body: unknown) => {
  const b = body as { full_path?: string; path_with_namespace?: string } | null
  return (kind === 'groups' ? b?.full_path : b?.path_with_namespace) ?? null
}

const load = (kind: Kind, id: string | number) =>
  // Console pages list a group's projects on their own, paged: the detail's 100 are not needed.
  kind === 'groups' ? api(endpoints.group.show, { id, with_projects: false }) : api(endpoints.project.show, { id })

/** `T`: the detail as the page reads it (TODO(response): the detail responses are not declared yet). */
export async function loadByPath<T>(kind: Kind, fullPath: string, section?: string): Promise<ApiResult<T>> {
  const res = (await load(kind, fullPath)) as ApiResult<T>
  if (res.status === 404) notFound()
  if (res.status === 301) {
    const id = /\/api\/v4\/(?:groups|projects)\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1]
    const moved = id ? await load(kind, id) : null
    const newPath = moved?.ok ? fullPathOf(kind, moved.body) : null
    if (newPath) redirect(consolePath(kind, newPath, section))
    notFound()
  }
  return res
}
