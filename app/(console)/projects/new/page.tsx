// New project (GitLab's /projects/new; ?namespace_id= preselects the namespace, as the group page's
// "New project" link sends it). Only namespaces the user may create projects in are offered.
import { NewProjectForm } from '@/components/create/new-project-form'
import { EmptyState, PageHeader } from '@/components/ui'
import { requireUser } from '@/lib/console/api'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { projectNamespaces } from '@/lib/console/project-namespaces'
import { apiActor } from '@/lib/console/session'
import { creationVisibility } from '@/lib/settings/visibility'

export const metadata = { title: 'New project' }

export default async function NewProjectPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  const me = await requireUser(pathWithQuery('/projects/new', sp))
  const wanted = intParam(sp.namespace_id)
  // As the API sees this session (admin mode applied).
  const actor = (await apiActor()) ?? me
  const [namespaces, settings] = await Promise.all([projectNamespaces(actor, wanted), creationVisibility()])
  const chosen = namespaces.find((n) => n.id === wanted) ?? namespaces[0]
  return (
    <>
      <PageHeader crumbs={[{ label: 'Projects', href: '/projects' }, { label: 'New project' }]} title="New project" />
      <section className="card">
        {chosen ? (
          <NewProjectForm
            namespaces={namespaces}
            namespaceId={chosen.id}
            restricted={settings.restricted}
            admin={actor.user.admin}
            defaultVisibility={settings.defaultProject}
          />
        ) : (
          <EmptyState title="You cannot create projects" testId="create-not-allowed">
            There is no namespace you may create projects in: your personal project limit is 0 and no group lets your
            role add projects.
          </EmptyState>
        )}
      </section>
    </>
  )
}
