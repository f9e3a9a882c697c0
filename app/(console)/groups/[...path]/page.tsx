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
import { groupSections } from './_sections'

type Props = { params: Promise<{ path: string[] }>; searchParams: Promise<SearchParams> }

/** Which section a URL opens: its key, and for a section with sub-pages (`issues/3/edit`) its own key. */
function sectionOf(section: string[]) {
  const key = section.join('/')
  // A section with sub-pages matches on its first segment and gets the rest.
  const own = groupSections[key] ? null : groupSections[section[0] ?? '']?.subpaths ? section[0] : null
  return { key, own, rest: own ? section.slice(1).join('/') : '' }
}

/** "<Item> · <Section> · <group name>": the page's own name first (GitLab's order). */
export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  const { fullPath, section } = splitResourcePath((await params).path)
  const { key, own, rest } = sectionOf(section)
  const label = groupSections[own ?? key]?.label
  const res = await peekByPath('groups', fullPath)
  const items =
    res.ok && own ? await detailCrumbs('groups', res.body.id, own, rest, consolePath('groups', fullPath, own)) : []
  return {
    title: detailTitle([
      ...items.map((c) => c.label).reverse(),
      key ? label : null,
      res.ok ? res.body.full_name : fullPath,
    ]),
  }
}

export default async function GroupPage({ params, searchParams }: Props) {
  const [{ path }, sp] = await Promise.all([params, searchParams])
  const { fullPath, section } = splitResourcePath(path)
  const { key, own, rest } = sectionOf(section)
  const pathname = consolePath('groups', fullPath, key || undefined)
  await requireUser(pathWithQuery(pathname, sp))
  const Section = groupSections[own ?? key]?.component
  if (!Section) notFound()
  const res = await loadByPath('groups', fullPath, key || undefined)
  if (res.status === 404) notFound()
  if (res.status === 403) return <StatusPage code={403} />
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this group" />
  const group = res.body
  const ownPath = own ? consolePath('groups', fullPath, own) : pathname
  const items = own ? await detailCrumbs('groups', group.id, own, rest, ownPath) : []
  const tabs = sectionNavItems(
    groupSections,
    (s) => !s.ability || group.abilities[s.ability],
    (k) => consolePath('groups', group.full_path, k || undefined),
  )
  return (
    <>
      <ResourceHeader
        kind="group"
        section={key ? (groupSections[own ?? key]?.label ?? null) : null}
        name={group.name}
        sectionHref={ownPath}
        items={items}
        title={group.full_name}
        path={group.full_path}
        visibility={group.visibility}
        description={group.description}
      />
      <SectionNav items={tabs} />
      <Section group={group} searchParams={sp} pathname={ownPath} rest={own ? section.slice(1) : []} />
    </>
  )
}
