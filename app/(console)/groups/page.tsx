import { ErrorState } from '@/components/error-state'
import { GroupTable } from '@/components/groups/group-table'
import { buttonClass, PageHeader } from '@/components/ui'
import Link from 'next/link'
import { apiList, requireUser } from '@/lib/console/api'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Groups' }

export default async function GroupsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  const me = await requireUser(pathWithQuery('/groups', sp))
  const search = one(sp.search)
  const list = await apiList(endpoints.group.list, { search, page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Groups' }]}
        title="Groups"
        actions={
          // GitLab offers "New group" to those who may create top-level groups (can_create_group).
          (me.user.admin || me.user.canCreateGroup) && (
            <Link href="/groups/new" className={buttonClass('primary')} data-testid="new-group-button">
              New group
            </Link>
          )
        }
      />
      {list.ok ? (
        <GroupTable
          data={list.items}
          testId="groups-table"
          search={{ pathname: '/groups', value: search, placeholder: 'Filter by name' }}
          pager={{ info: list.pageInfo, pathname: '/groups', query: { search } }}
          emptyMessage={search ? `No groups match “${search}”.` : 'No groups yet.'}
        />
      ) : (
        <ErrorState status={list.status} body={list.error} title="Could not load groups" />
      )}
    </>
  )
}
