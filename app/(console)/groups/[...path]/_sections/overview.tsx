import { RequestAccessButton } from '@/components/members/request-access-button'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { buttonClass, RelativeTime } from '@/components/ui'
import { VisibilityBadge } from '@/components/visibility-badge'
import { GroupTable } from '@/components/groups/group-table'
import { ProjectTable } from '@/components/projects/project-table'
import { apiList } from '@/lib/console/api'
import Link from 'next/link'
import { intParam, one } from '@/lib/console/paths'
import type { GroupSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function GroupOverview({ group, searchParams: sp, pathname }: GroupSectionProps) {
  const [subgroups, projects] = await Promise.all([
    apiList(endpoints.group.subgroups, { id: group.id, page: intParam(sp.subgroups_page), per_page: 20 }),
    apiList(endpoints.group.projects, { id: group.id, page: intParam(sp.projects_page), per_page: 20 }),
  ])
  // Each list pages on its own param; the links keep the other one.
  const query = { subgroups_page: one(sp.subgroups_page), projects_page: one(sp.projects_page) }
  return (
    <>
      <section className="card">
        <h2>Details</h2>
        {group.abilities.request_access && group.request_access_enabled && (
          <RequestAccessButton source={{ kind: 'group', id: group.id }} />
        )}
        <DetailList
          testId="group-details"
          items={[
            ['ID', group.id],
            ['Name', group.name],
            ['Full path', <code key="p">{group.full_path}</code>],
            ['Visibility', <VisibilityBadge key="v" visibility={group.visibility} />],
            ['Parent ID', group.parent_id],
            ['Created', group.created_at ? <RelativeTime key="c" iso={group.created_at} /> : null],
            ['Web URL', group.web_url],
          ]}
        />
      </section>
      <section className="card">
        <div className="page-header-row">
          <h2>Subgroups</h2>
          {group.abilities.create_subgroup && (
            <Link
              href={`/groups/new?parent_id=${group.id}`}
              className={buttonClass('default', 'small')}
              data-testid="new-subgroup-button"
            >
              New subgroup
            </Link>
          )}
        </div>
        {subgroups.ok ? (
          <GroupTable
            data={subgroups.items}
            testId="subgroups-table"
            emptyMessage="No subgroups."
            pager={{ info: subgroups.pageInfo, pathname, query, pageParam: 'subgroups_page' }}
          />
        ) : (
          <ErrorState status={subgroups.status} body={subgroups.error} title="Could not load subgroups" />
        )}
      </section>
      <section className="card">
        <div className="page-header-row">
          <h2>Projects</h2>
          {group.abilities.create_projects && (
            <Link
              href={`/projects/new?namespace_id=${group.id}`}
              className={buttonClass('default', 'small')}
              data-testid="new-project-button"
            >
              New project
            </Link>
          )}
        </div>
        {projects.ok ? (
          <ProjectTable
            data={projects.items}
            testId="group-projects-table"
            emptyMessage="No projects in this group."
            pager={{ info: projects.pageInfo, pathname, query, pageParam: 'projects_page' }}
          />
        ) : (
          <ErrorState status={projects.status} body={projects.error} title="Could not load projects" />
        )}
      </section>
    </>
  )
}
