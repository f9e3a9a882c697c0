// GitLab's web URLs (the API's `web_url`: `/group/project`, `/group/project/-/pipelines/5`,
// `/username`) opened in the console: a redirect to the console's page for the same thing
// (lib/console/web-url-target.ts). Only URLs no console route claims reach here; anything that
// names nothing the viewer may see is the console's 404, or for a signed-out visitor the sign-in
// page, which comes back here afterwards (the item may be private).
import { notFound, redirect } from 'next/navigation'
import { api } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { currentActor } from '@/lib/console/session'
import { webUrlTarget, type WebUrlLookup } from '@/lib/console/web-url-target'
import { groupSections } from '../(console)/groups/[...path]/_sections'
import { projectSections } from '../(console)/projects/[...path]/_sections'

// The page only redirects or answers 404: its title is the 404's (a redirect shows none).
export const metadata = { title: 'Page not found' }

type Props = { params: Promise<{ webPath: string[] }>; searchParams: Promise<SearchParams> }

/** A section of the table, or one with sub-pages matched on its first segment (as the pages do). */
const serves = (sections: Record<string, { subpaths?: boolean }>, section: string[]) =>
  !!sections[section.join('/')] || !!sections[section[0] ?? '']?.subpaths

const lookup: WebUrlLookup = {
  async project(fullPath) {
    const res = await api(endpoints.project.show, { id: fullPath })
    if (res.ok) return res.body.path_with_namespace
    // A renamed project: the API answers 301 to its id, the console goes to its current path.
    const id =
      res.status === 301 ? /\/api\/v4\/projects\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1] : undefined
    const moved = id ? await api(endpoints.project.show, { id }) : null
    return moved?.ok ? moved.body.path_with_namespace : null
  },
  async group(fullPath) {
    const res = await api(endpoints.group.show, { id: fullPath, with_projects: false })
    return res.ok ? res.body.full_path : null
  },
  async user(username) {
    const res = await api(endpoints.user.list, { username })
    return res.ok && Array.isArray(res.body) && res.body[0] ? res.body[0].id : null
  },
  serves: (kind, section) => serves(kind === 'projects' ? projectSections : groupSections, section),
}

export default async function WebUrlRedirect({ params, searchParams }: Props) {
  const [{ webPath }, sp] = await Promise.all([params, searchParams])
  const actor = await currentActor()
  const target = await webUrlTarget(webPath, lookup, { signedIn: !!actor, admin: !!actor?.user.admin })
  if (target) redirect(pathWithQuery(target, sp))
  if (!actor)
    redirect(
      `/login?callbackUrl=${encodeURIComponent(pathWithQuery(`/${webPath.map(encodeURIComponent).join('/')}`, sp))}`,
    )
  notFound()
}
