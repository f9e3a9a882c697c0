import Link from 'next/link'
import { ErrorState } from '@/components/error-state'
import { CreateTokenForm } from '@/components/tokens/create-token-form'
import { TokenTable } from '@/components/tokens/token-table'
import { PageHeader } from '@/components/ui'
import { apiList, requireUser } from '@/lib/console/api'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Personal access tokens' }
const PATH = '/profile/personal_access_tokens'

export default async function PersonalAccessTokensPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  const me = await requireUser(pathWithQuery(PATH, sp))
  const state = one(sp.state) === 'inactive' ? 'inactive' : 'active'
  const search = one(sp.search)
  const list = await apiList(endpoints.token.list, {
    user_id: me.user.id,
    state,
    search,
    page: intParam(sp.page),
    per_page: 20,
  })
  const stateHref = (s: string) => pathWithQuery(PATH, s === 'active' ? {} : { state: s })

  return (
    <>
      <PageHeader crumbs={[{ label: 'Profile' }, { label: 'Personal access tokens' }]} title="Personal access tokens" />
      <p className="muted">
        Use a personal access token to authenticate with the API (<code>PRIVATE-TOKEN</code> header) or Git over HTTP.
      </p>
      <CreateTokenForm />
      <section className="card">
        <div className="section-header">
          <h2>{state === 'active' ? 'Active' : 'Inactive'} personal access tokens</h2>
          <div className="segmented" role="tablist">
            {(['active', 'inactive'] as const).map((s) => (
              <Link
                key={s}
                href={stateHref(s)}
                role="tab"
                aria-selected={state === s}
                className={state === s ? 'active' : undefined}
                data-testid={`token-state-${s}`}
              >
                {s === 'active' ? 'Active' : 'Inactive'}
              </Link>
            ))}
          </div>
        </div>
        {list.ok ? (
          <TokenTable
            data={list.items}
            emptyMessage={
              state === 'active' ? 'This user has no active personal access tokens.' : 'No revoked or expired tokens.'
            }
            search={{
              pathname: PATH,
              value: search,
              placeholder: 'Search tokens',
              keep: { state: state === 'inactive' ? state : undefined },
            }}
            pager={{
              info: list.pageInfo,
              pathname: PATH,
              query: { state: state === 'inactive' ? state : undefined, search },
            }}
          />
        ) : (
          <ErrorState status={list.status} body={list.error} title="Could not load tokens" />
        )}
      </section>
    </>
  )
}
