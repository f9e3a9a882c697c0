import { notFound } from 'next/navigation'
import { ErrorState } from '@/components/error-state'
import { StatusPage } from '@/components/ui/status-page'
import { ResourceHeader } from '@/components/resource-header'
import { SectionNav } from '@/components/ui/section-nav'
import { requireUser } from '@/lib/console/api'
import { consolePath, pathWithQuery, splitResourcePath, type SearchParams } from '@/lib/console/paths'
import { detailCrumbs, detailTitle } from '@/lib/console/item-crumbs'
import { loadByPath, peekByPath } from '@/lib/console/resources'
import { sectionNavItems } from '@/lib/console/section-nav-items'
import { projectSections } from './_sections'

type Props = { params: Promise<{ path: string[] }>; searchParams: Promise<SearchParams> }

/** Which section a URL opens: its key, and for a section with sub-pages (`issues/3/edit`) its own key. */
function sectionOf(section: string[]) {
  const key = section.join('/')
  // A section with sub-pages matches on its first segment and gets the rest.
  const own = projectSections[key] ? null : projectSections[section[0] ?? '']?.subpaths ? section[0] : null
  return { key, own, rest: own ? section.slice(1).join('/') : '' }
}

/** "<Item> · <Section> · <project name>": the page's own name first (GitLab's order). */
export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  const { fullPath, section } = splitResourcePath((await params).path)
  const { key, own, rest } = sectionOf(section)
  const label = projectSections[own ?? key]?.label
  const res = await peekByPath('projects', fullPath)
  const items =
    res.ok && own ? await detailCrumbs('projects', res.body.id, own, rest, consolePath('projects', fullPath, own)) : []
  return {
    title: detailTitle([
      ...items.map((c) => c.label).reverse(),
      key ? label : null,
      res.ok ? res.body.name_with_namespace : fullPath,
    ]),
  }
}

export default async function ProjectPage({ params, searchParams }: Props) {
  const [{ path }, sp] = await Promise.all([params, searchParams])
  const { fullPath, section } = splitResourcePath(path)
  const { key, own, rest } = sectionOf(section)
  const pathname = consolePath('projects', fullPath, key || undefined)
  await requireUser(pathWithQuery(pathname, sp))
  const Section = projectSections[own ?? key]?.component
  if (!Section) notFound()
  const res = await loadByPath('projects', fullPath, key || undefined)
  if (res.status === 404) notFound()
  if (res.status === 403) return <StatusPage code={403} />
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this project" />
  const project = res.body
  const ownPath = own ? consolePath('projects', fullPath, own) : pathname
  const items = own ? await detailCrumbs('projects', project.id, own, rest, ownPath) : []
  const tabs = sectionNavItems(
    projectSections,
    (s) => !s.ability || project.abilities[s.ability],
    (k) => consolePath('projects', project.path_with_namespace, k || undefined),
  )
  return (
    <>
      <ResourceHeader
        kind="project"
        section={key ? (projectSections[own ?? key]?.label ?? null) : null}
        name={project.name}
        sectionHref={ownPath}
        items={items}
        title={project.name_with_namespace}
        path={project.path_with_namespace}
        visibility={project.visibility}
        description={project.description}
      />
      <SectionNav items={tabs} />
      <Section project={project} searchParams={sp} pathname={ownPath} rest={own ? section.slice(1) : []} />
    </>
  )
}
