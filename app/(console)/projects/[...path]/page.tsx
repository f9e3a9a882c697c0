import { notFound } from 'next/navigation'
import { ErrorState } from '@/components/error-state'
import { StatusPage } from '@/components/ui/status-page'
import { ResourceHeader } from '@/components/resource-header'
import { Tabs } from '@/components/ui/tabs'
import { requireUser } from '@/lib/console/api'
import { consolePath, pathWithQuery, splitResourcePath, type SearchParams } from '@/lib/console/paths'
import { loadByPath } from '@/lib/console/resources'
import { projectSections } from './_sections'

type Props = { params: Promise<{ path: string[] }>; searchParams: Promise<SearchParams> }

/** "<Section> · <full path>" from the URL alone (no API call before the page's own). */
export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  const { fullPath, section } = splitResourcePath((await params).path)
  const label = projectSections[section.join('/')]?.label ?? projectSections[section[0] ?? '']?.label
  return { title: label && section.length ? `${label} · ${fullPath}` : fullPath }
}

export default async function ProjectPage({ params, searchParams }: Props) {
  const [{ path }, sp] = await Promise.all([params, searchParams])
  const { fullPath, section } = splitResourcePath(path)
  const key = section.join('/')
  const pathname = consolePath('projects', fullPath, key || undefined)
  await requireUser(pathWithQuery(pathname, sp))
  // A section with sub-pages (`snippets/12/edit`) matches on its first segment and gets the rest.
  const own = projectSections[key] ? null : projectSections[section[0] ?? '']?.subpaths ? section[0] : null
  const Section = projectSections[own ?? key]?.component
  if (!Section) notFound()
  const res = await loadByPath('projects', fullPath, key || undefined)
  if (res.status === 404) notFound()
  if (res.status === 403) return <StatusPage code={403} />
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this project" />
  const project = res.body
  const tabs = Object.entries(projectSections)
    .filter(([, s]) => !s.ability || project.abilities[s.ability])
    .map(([k, s]) => ({ href: consolePath('projects', project.path_with_namespace, k || undefined), label: s.label }))
  return (
    <>
      <ResourceHeader
        kind="project"
        section={key ? (projectSections[own ?? key]?.label ?? null) : null}
        title={project.name_with_namespace}
        path={project.path_with_namespace}
        visibility={project.visibility}
        description={project.description}
      />
      <Tabs items={tabs} />
      <Section project={project} searchParams={sp} pathname={own ? consolePath('projects', fullPath, own) : pathname} rest={own ? section.slice(1) : []} />
    </>
  )
}
