import { RequestAccessButton } from '@/components/members/request-access-button'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { RelativeTime } from '@/components/ui'
import { VisibilityBadge } from '@/components/visibility-badge'
import { BranchTable } from '@/components/projects/branch-table'
import { MemberTable } from '@/components/projects/member-table'
import { apiList } from '@/lib/console/api'
import { intParam, one } from '@/lib/console/paths'
import type { ProjectSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function ProjectOverview({ project, searchParams: sp, pathname }: ProjectSectionProps) {
  const [branches, members] = await Promise.all([
    apiList(endpoints.repository.listBranches, { id: project.id, page: intParam(sp.branches_page), per_page: 20 }),
    apiList(endpoints.member.project.listAll, { id: project.id, page: intParam(sp.members_page), per_page: 20 }),
  ])
  // Each list pages on its own param; the links keep the other one.
  const query = { branches_page: one(sp.branches_page), members_page: one(sp.members_page) }
  return (
    <>
      <section className="card">
        <h2>Details</h2>
        {project.abilities.request_access && <RequestAccessButton source={{ kind: 'project', id: project.id }} />}
        <DetailList
          testId="project-details"
          items={[
            ['ID', project.id],
            ['Name', project.name],
            ['Path', <code key="p">{project.path_with_namespace}</code>],
            ['Namespace', project.namespace.full_path],
            ['Visibility', <VisibilityBadge key="v" visibility={project.visibility} />],
            ['Default branch', project.default_branch],
            ['Created', <RelativeTime key="c" iso={project.created_at} />],
            ['Last activity', <RelativeTime key="a" iso={project.last_activity_at} />],
            ['Clone (HTTP)', project.http_url_to_repo ? <code key="u">{project.http_url_to_repo}</code> : null],
            ['Web URL', project.web_url],
          ]}
        />
      </section>
      <section className="card">
        <h2>Branches</h2>
        {branches.ok ? (
          <BranchTable
            data={branches.items}
            testId="branches-table"
            pager={{ info: branches.pageInfo, pathname, query, pageParam: 'branches_page' }}
          />
        ) : (
          <ErrorState status={branches.status} body={branches.error} title="Could not load branches" />
        )}
      </section>
      <section className="card">
        <h2>Members</h2>
        {members.ok ? (
          <MemberTable
            data={members.items}
            testId="members-table"
            pager={{ info: members.pageInfo, pathname, query, pageParam: 'members_page' }}
          />
        ) : (
          <ErrorState status={members.status} body={members.error} title="Could not load members" />
        )}
      </section>
    </>
  )
}
