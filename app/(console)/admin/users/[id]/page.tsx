// Admin → Users → a user: details, the account form, block / deactivate / delete, and their
// personal access tokens, SSH keys, identities and memberships, each through GitLab's users API.
import { cache } from 'react'
import { notFound } from 'next/navigation'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { TokenTable } from '@/components/tokens/token-table'
import { PageHeader } from '@/components/ui/page-header'
import { RelativeTime } from '@/components/ui/relative-time'
import { RevokeSessionsButton } from '@/components/users/revoke-sessions-button'
import { UserActions } from '@/components/users/user-actions'
import { UserBadges } from '@/components/users/user-badges'
import { UserForm } from '@/components/users/user-form'
import { UserIdentitiesTable, UserKeysTable, UserMembershipsTable } from '@/components/users/user-sections'
import { api, apiList, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { currentActor } from '@/lib/console/session'
import type { UserWithAdminJson } from '@/lib/users/schema'

// One API call per request for the title and the page (React's cache).
const loadUser = cache((id: number) => api(endpoints.user.show, { id }))

/** "Jane Doe (@jdoe) · Users · Admin area"; the name only for an administrator (the page is theirs). */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const found = /^\d{1,9}$/.test(id) && (await currentActor())?.user.admin ? await loadUser(Number(id)) : null
  return { title: `${found?.ok ? `${found.body.name} (@${found.body.username})` : 'User'} · Users · Admin area` }
}

export default async function AdminUserPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>
  searchParams: Promise<SearchParams>
}) {
  const [{ id: raw }, sp] = await Promise.all([params, searchParams])
  const path = `/admin/users/${raw}`
  await requireAdmin(pathWithQuery(path, sp))
  if (!/^\d{1,9}$/.test(raw)) notFound()
  const id = Number(raw)
  const found = await loadUser(id)
  if (found.status === 404) notFound()
  if (!found.ok) return <ErrorState status={found.status} body={found.body} title="Could not load the user" />
  const user = found.body as UserWithAdminJson
  const pages = {
    tokens_page: intParam(sp.tokens_page),
    keys_page: intParam(sp.keys_page),
    memberships_page: intParam(sp.memberships_page),
  }
  const [tokens, keys, memberships, admins] = await Promise.all([
    apiList(endpoints.token.list, { user_id: id, state: 'active', page: pages.tokens_page, per_page: 20 }),
    apiList(endpoints.sshKey.listForUser, { id, page: pages.keys_page, per_page: 20 }),
    apiList(endpoints.user.memberships, { id, page: pages.memberships_page, per_page: 20 }),
    apiList(endpoints.user.list, { admins: true, active: true, humans: true, per_page: 2 }),
  ])
  const lastAdmin = user.is_admin && user.state === 'active' && admins.ok && admins.items.length === 1
  const query = Object.fromEntries(Object.entries(pages).map(([k, v]) => [k, v === undefined ? undefined : String(v)]))
  const pager = (pageParam: keyof typeof pages, info: typeof tokens.pageInfo) => ({
    info,
    pathname: path,
    query,
    pageParam,
  })
  return (
    <>
      <PageHeader
        crumbs={[
          { label: 'Admin area', href: '/admin' },
          { label: 'Users', href: '/admin/users' },
          { label: user.name },
        ]}
        title={
          <>
            <span data-testid="user-name">{user.name}</span> <UserBadges user={user} />
          </>
        }
      >
        <p className="muted">
          @{user.username} · <span data-testid="user-state">{user.state}</span>
        </p>
      </PageHeader>
      {lastAdmin && (
        <p className="alert alert-info" role="status" data-testid="last-admin-note">
          The last active administrator: they cannot be blocked, deactivated or deleted, and keep the administrator
          flag.
        </p>
      )}
      <section className="card">
        <h2>Details</h2>
        <DetailList
          testId="user-details"
          items={[
            ['ID', user.id],
            ['Email', user.email],
            ['Created', <RelativeTime key="c" iso={user.created_at} />],
            ['Confirmed', user.confirmed_at ? <RelativeTime key="cf" iso={user.confirmed_at} /> : 'Not confirmed'],
            [
              'Last sign-in',
              user.current_sign_in_at ? <RelativeTime key="s" iso={user.current_sign_in_at} /> : 'Never',
            ],
            ['Last activity', user.last_activity_on ?? 'Never'],
            ['Two-factor authentication', user.two_factor_enabled ? 'Enabled' : 'Disabled'],
          ]}
        />
      </section>
      <section className="card">
        <h2>Account</h2>
        <UserForm user={user} />
      </section>
      <section className="card">
        <h2>State</h2>
        <UserActions user={{ id: user.id, username: user.username, state: user.state }} />
      </section>
      <section className="card" data-testid="user-sessions">
        <h2>Sessions</h2>
        <p className="muted">
          Console sign-ins end when the user signs out, changes password, or is blocked or deactivated.
        </p>
        <RevokeSessionsButton user={{ id: user.id, username: user.username }} />
      </section>
      <section className="card" data-testid="user-tokens">
        <h2>Active personal access tokens</h2>
        {tokens.ok ? (
          <TokenTable
            data={tokens.items}
            pager={pager('tokens_page', tokens.pageInfo)}
            emptyMessage="No active personal access tokens."
          />
        ) : (
          <ErrorState status={tokens.status} body={tokens.error} title="Could not load tokens" />
        )}
      </section>
      <section className="card" data-testid="user-keys">
        <h2>SSH keys</h2>
        {keys.ok ? (
          <UserKeysTable userId={id} data={keys.items} pager={pager('keys_page', keys.pageInfo)} />
        ) : (
          <ErrorState status={keys.status} body={keys.error} title="Could not load SSH keys" />
        )}
      </section>
      <section className="card" data-testid="user-identities">
        <h2>Identities</h2>
        <UserIdentitiesTable userId={id} data={user.identities} />
      </section>
      <section className="card" data-testid="user-memberships">
        <h2>Memberships</h2>
        {memberships.ok ? (
          <UserMembershipsTable data={memberships.items} pager={pager('memberships_page', memberships.pageInfo)} />
        ) : (
          <ErrorState status={memberships.status} body={memberships.error} title="Could not load memberships" />
        )}
      </section>
    </>
  )
}
