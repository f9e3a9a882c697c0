// New group, or a subgroup with ?parent_id= (GitLab's /groups/new?parent_id=). The form offers the
// visibility levels the parent and the instance's restricted levels allow; who may create is the
// API's call (can_create_group at the top level, the create_subgroup ability below a group), shown
// here up front when the page already knows it.
import { notFound } from 'next/navigation'
import { NewGroupForm } from '@/components/create/new-group-form'
import { ErrorState } from '@/components/error-state'
import { resourceCrumbs } from '@/components/resource-header'
import { EmptyState, PageHeader } from '@/components/ui'
import { api, requireUser } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { initialVisibility, visibilityOptions } from '@/lib/console/new-resource'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { apiActor } from '@/lib/console/session'
import { creationVisibility } from '@/lib/settings/visibility'

export const metadata = { title: 'New group' }

export default async function NewGroupPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireUser(pathWithQuery('/groups/new', sp))
  const parentId = intParam(sp.parent_id)
  const [actor, settings, parentRes] = await Promise.all([
    apiActor(),
    creationVisibility(),
    parentId ? api(endpoints.group.show, { id: parentId, with_projects: false }) : Promise.resolve(null),
  ])
  if (parentRes?.status === 404) notFound()
  const title = parentRes ? 'New subgroup' : 'New group'
  const crumbs = parentRes?.ok
    ? resourceCrumbs('group', parentRes.body.full_path, title)
    : [{ label: 'Groups', href: '/groups' }, { label: title }]
  if (parentRes && !parentRes.ok) {
    return (
      <>
        <PageHeader crumbs={crumbs} title={title} />
        <ErrorState status={parentRes.status} body={parentRes.body} title="Could not load the parent group" />
      </>
    )
  }
  const parent = parentRes?.body ?? null
  const admin = !!actor?.user.admin
  const allowed = parent ? parent.abilities.create_subgroup : admin || !!actor?.user.canCreateGroup
  const options = visibilityOptions({
    parent: parent ? { visibility: parent.visibility, kind: 'group', name: parent.full_name } : undefined,
    restricted: settings.restricted,
    admin,
  })
  return (
    <>
      <PageHeader crumbs={crumbs} title={title} />
      <section className="card">
        {allowed ? (
          <NewGroupForm
            parent={parent && { id: parent.id, full_path: parent.full_path, full_name: parent.full_name }}
            visibilityOptions={options}
            initialVisibility={initialVisibility(options, settings.defaultGroup)}
          />
        ) : (
          <EmptyState
            title={parent ? 'You cannot create subgroups here' : 'You cannot create groups'}
            testId="create-not-allowed"
          >
            {parent
              ? `Creating a subgroup of ${parent.full_name} needs the ${parent.subgroup_creation_level === 'owner' ? 'Owner role' : 'Maintainer or Owner role'} in it.`
              : 'Your account may not create top-level groups. An administrator can allow it.'}
          </EmptyState>
        )}
      </section>
    </>
  )
}
