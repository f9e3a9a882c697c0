// Loads a group or project by full path for a detail page: 404 → the not-found page, and a renamed
// path (the API's 301 to the numeric id) → a redirect to the console URL of the new path.
import { notFound, redirect } from 'next/navigation'
import { apiCall, type ApiResult } from './api'
import { consolePath } from './paths'

type Kind = 'groups' | 'projects'
const fullPathOf = (kind: Kind, body: unknown) => {
  const b = body as { full_path?: string; path_with_namespace?: string } | null
  return (kind === 'groups' ? b?.full_path : b?.path_with_namespace) ?? null
}

export async function loadByPath<T>(kind: Kind, fullPath: string, section?: string): Promise<ApiResult<T>> {
  // Console pages list a group's projects on their own, paged: the detail's 100 are not needed.
  const res = await apiCall<T>('GET', `/${kind}/${encodeURIComponent(fullPath)}`, kind === 'groups' ? { query: { with_projects: false } } : {})
  if (res.status === 404) notFound()
  if (res.status === 301) {
    const id = /\/api\/v4\/(?:groups|projects)\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1]
    const moved = id ? await apiCall<T>('GET', `/${kind}/${id}`) : null
    const newPath = moved?.ok ? fullPathOf(kind, moved.body) : null
    if (newPath) redirect(consolePath(kind, newPath, section))
    notFound()
  }
  return res
}
