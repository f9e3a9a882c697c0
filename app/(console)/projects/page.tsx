import { ErrorState } from '@/components/error-state'
import { ProjectTable } from '@/components/projects/project-table'
import { buttonClass, PageHeader } from '@/components/ui'
import Link from 'next/link'
import { apiList, requireUser } from '@/lib/console/api'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Projects' }

export default async function ProjectsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  const me = await requireUser(pathWithQuery('/projects', sp))
  const search = one(sp.search)
  // Administrators see every project (as in GitLab's Admin area); others the ones they belong to.
  const list = await apiList(endpoints.project.list, {
    membership: me.user.admin ? undefined : true,
    search,
    page: intParam(sp.page),
    per_page: 20,
    order_by: 'last_activity_at',
  })
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Projects' }]}
        title="Projects"
        actions={
          <Link href="/projects/new" className={buttonClass('primary')} data-testid="new-project-button">
            New project
          </Link>
        }
      />
      {list.ok ? (
        <ProjectTable
          data={list.items}
          testId="projects-table"
          search={{ pathname: '/projects', value: search, placeholder: 'Filter by name' }}
          pager={{ info: list.pageInfo, pathname: '/projects', query: { search } }}
          emptyMessage={search ? `No projects match “${search}”.` : 'No projects yet.'}
        />
      ) : (
        <ErrorState status={list.status} body={list.error} title="Could not load projects" />
      )}
    </>
  )
}
