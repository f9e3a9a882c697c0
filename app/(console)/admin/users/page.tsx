// Admin → Users: every user with search, GitLab's admin filters as tabs (GET /users as an
// administrator), server-side sorting and pagination; "New user" opens the create form.
import Link from 'next/link'
import { ErrorState } from '@/components/error-state'
import { buttonClass } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { Tabs } from '@/components/ui/tabs'
import { UsersTable } from '@/components/users/users-table'
import { apiList, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import type { UserWithAdminJson } from '@/lib/users/schema'

export const metadata = { title: 'Users · Admin area' }
const PATH = '/admin/users'

/** The tabs: GitLab's admin user filters, each a set of GET /users parameters. */
const FILTERS = {
  all: { label: 'All', params: {} },
  admins: { label: 'Admins', params: { admins: true } },
  blocked: { label: 'Blocked', params: { blocked: true } },
  deactivated: { label: 'Deactivated', params: { deactivated: true } },
  external: { label: 'External', params: { external: true } },
  two_factor_enabled: { label: '2FA enabled', params: { two_factor: 'enabled' } },
  two_factor_disabled: { label: '2FA disabled', params: { two_factor: 'disabled' } },
  without_projects: { label: 'Without projects', params: { without_projects: true } },
} as const
type Filter = keyof typeof FILTERS
const ORDERS = ['id', 'name', 'username', 'created_at'] as const

export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const filter: Filter = (Object.keys(FILTERS) as Filter[]).find((f) => f === one(sp.filter)) ?? 'all'
  const search = one(sp.search) || undefined
  const orderBy = ORDERS.find((o) => o === one(sp.order_by))
  const sort = one(sp.sort) === 'asc' ? 'asc' : one(sp.sort) === 'desc' ? 'desc' : undefined
  const list = await apiList(endpoints.user.list, {
    ...FILTERS[filter].params,
    search,
    order_by: orderBy,
    sort,
    page: intParam(sp.page),
    per_page: 20,
  })
  // An administrator's list holds the admin view of each user.
  const users = list.items as UserWithAdminJson[]
  const query = { filter: filter === 'all' ? undefined : filter, search, order_by: orderBy, sort }
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Users' }]}
        title="Users"
        actions={
          <Link href={`${PATH}/new`} className={buttonClass('primary')} data-testid="new-user-link">
            New user
          </Link>
        }
      />
      <Tabs
        label="User filters"
        items={(Object.keys(FILTERS) as Filter[]).map((f) => ({
          href: pathWithQuery(PATH, { filter: f === 'all' ? undefined : f, search }),
          label: FILTERS[f].label,
          testId: `users-filter-${f}`,
          active: f === filter,
        }))}
      />
      <section className="card">
        {!list.ok ? (
          <ErrorState status={list.status} body={list.error} title="Could not load users" />
        ) : (
          <UsersTable
            data={users}
            search={{
              pathname: PATH,
              value: search,
              placeholder: 'Search by name, username or email',
              keep: { filter: query.filter },
            }}
            sort={{ pathname: PATH, query, orderBy: orderBy ?? 'id', sort: sort ?? 'desc' }}
            pager={{ info: list.pageInfo, pathname: PATH, query }}
            emptyMessage={
              <EmptyState title={search ? 'No user matches.' : 'No users here.'} testId="users-empty">
                {search ? 'Try another name, username or email.' : 'Users that match this filter show here.'}
              </EmptyState>
            }
          />
        )}
      </section>
    </>
  )
}
