import { notFound } from 'next/navigation'
import { ErrorState } from '@/components/error-state'
import { StatusPage } from '@/components/ui/status-page'
import { ResourceHeader } from '@/components/resource-header'
import { Tabs } from '@/components/ui/tabs'
import { requireUser } from '@/lib/console/api'
import { consolePath, pathWithQuery, splitResourcePath, type SearchParams } from '@/lib/console/paths'
import { loadByPath } from '@/lib/console/resources'
import { groupSections } from './_sections'

type Props = { params: Promise<{ path: string[] }>; searchParams: Promise<SearchParams> }

/** "<Section> · <full path>" from the URL alone (no API call before the page's own). */
export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  const { fullPath, section } = splitResourcePath((await params).path)
  const label = groupSections[section.join('/')]?.label ?? groupSections[section[0] ?? '']?.label
  return { title: label && section.length ? `${label} · ${fullPath}` : fullPath }
}

export default async function GroupPage({ params, searchParams }: Props) {
  const [{ path }, sp] = await Promise.all([params, searchParams])
  const { fullPath, section } = splitResourcePath(path)
  const key = section.join('/')
  const pathname = consolePath('groups', fullPath, key || undefined)
  await requireUser(pathWithQuery(pathname, sp))
  // A section with sub-pages (`epics/3/edit`) matches on its first segment and gets the rest.
  const own = groupSections[key] ? null : groupSections[section[0] ?? '']?.subpaths ? section[0] : null
  const Section = groupSections[own ?? key]?.component
  if (!Section) notFound()
  const res = await loadByPath('groups', fullPath, key || undefined)
  if (res.status === 404) notFound()
  if (res.status === 403) return <StatusPage code={403} />
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this group" />
  const group = res.body
  const tabs = Object.entries(groupSections)
    .filter(([, s]) => !s.ability || group.abilities[s.ability])
    .map(([k, s]) => ({ href: consolePath('groups', group.full_path, k || undefined), label: s.label }))
  return (
    <>
      <ResourceHeader
        kind="group"
        section={key ? (groupSections[own ?? key]?.label ?? null) : null}
        title={group.full_name}
        path={group.full_path}
        visibility={group.visibility}
        description={group.description}
      />
      <Tabs items={tabs} />
      <Section group={group} searchParams={sp} pathname={own ? consolePath('groups', fullPath, own) : pathname} rest={own ? section.slice(1) : []} />
    </>
  )
}
