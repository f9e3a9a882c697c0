import { ErrorState } from '@/components/error-state'
import { GroupTable } from '@/components/groups/group-table'
import { apiList, requireUser } from '@/lib/console/api'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/endpoint-refs'

export const metadata = { title: 'Groups' }

export default async function GroupsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireUser(pathWithQuery('/groups', sp))
  const search = one(sp.search)
  const list = await apiList(endpoints.group.list, { search, page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <h1>Groups</h1>
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
