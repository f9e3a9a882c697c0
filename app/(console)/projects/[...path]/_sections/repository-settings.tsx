// Settings → Repository of a project (GitLab's /-/settings/repository); for now its one block is
// "Protected branches". Reporters and up may read the rules; the form and the per-rule controls
// are only rendered for those the API lets change them (Maintainer+, administrators).
import { ErrorState } from '@/components/error-state'
import { Pager } from '@/components/ui/pager'
import { ProtectBranchForm } from '@/components/protected-branches/protect-branch-form'
import { ProtectedBranchTable } from '@/components/protected-branches/protected-branch-table'
import type { GroupOption, MemberOption } from '@/components/protected-branches/types'
import { apiList } from '@/lib/console/api'
import { intParam } from '@/lib/console/paths'
import type { ProjectSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

const DEVELOPER = 30

export async function ProjectRepositorySettings({ project, searchParams: sp, pathname }: ProjectSectionProps) {
  const manage = project.abilities.admin_protected_branch
  const [rules, branches, members] = await Promise.all([
    apiList(endpoints.protectedBranch.list, { id: project.id, page: intParam(sp.page), per_page: 50 }),
    manage ? apiList(endpoints.repository.listBranches, { id: project.id, per_page: 100 }) : null,
    manage ? apiList(endpoints.member.project.listAll, { id: project.id, per_page: 100 }) : null,
  ])
  // Named users act on a protected branch only with Developer access (GitLab's push_code check),
  // so lower roles and blocked users are not offered.
  const memberOptions: MemberOption[] = (members?.items ?? [])
    .filter((m) => m.access_level >= DEVELOPER && m.state === 'active')
    .map((m) => ({ id: m.id, name: m.name, username: m.username }))
  const branchNames = (branches?.items ?? []).map((b) => b.name)
  const groupOptions: GroupOption[] = project.shared_with_groups.map((g) => ({
    id: g.group_id,
    fullPath: g.group_full_path,
  }))

  return (
    <section className="card" data-testid="protected-branches-section">
      <h2>Protected branches</h2>
      <p className="muted">
        Keep stable branches secure: limit who may push and merge, and forbid force pushes and deletion. A name may
        contain <code>*</code> to protect every matching branch (<code>release/*</code>).
      </p>
      {manage && (
        <ProtectBranchForm
          projectId={project.id}
          branches={branchNames}
          branchesTruncated={!!branches?.pageInfo.nextPage}
          members={memberOptions}
          groups={groupOptions}
        />
      )}
      {rules.ok ? (
        <>
          <ProtectedBranchTable projectId={project.id} rules={rules.items} canManage={manage} />
          <Pager info={rules.pageInfo} pathname={pathname} />
        </>
      ) : (
        <ErrorState status={rules.status} body={rules.error} title="Could not load protected branches" />
      )}
    </section>
  )
}
