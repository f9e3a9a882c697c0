// Settings → Access tokens of a group or project (GitLab's /-/settings/access_tokens): the active
// tokens with their bot's role, a form for a new one (shown once), revoke. Who may not manage them
// (the API refuses the list, GitLab's 401) gets the not-found page.
import { notFound } from 'next/navigation'
import { levelName } from '@/lib/auth/access-levels'
import { RESOURCE_TOKEN_LEVELS, RESOURCE_TOKEN_SCOPES } from '@/lib/access-tokens/schema'
import { apiList } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { intParam, type SearchParams } from '@/lib/console/paths'
import { ErrorState } from '../error-state'
import { CreateTokenForm } from './create-token-form'
import { TokenTable } from './token-table'

const ROLES = RESOURCE_TOKEN_LEVELS.map((value) => ({ value, label: levelName(value) }))

export async function ResourceTokensPage({
  source,
  searchParams: sp,
  pathname,
}: {
  source: SourceRef
  searchParams: SearchParams
  pathname: string
}) {
  const noun = source.kind
  const list = await apiList(endpoints.accessToken[source.kind].list, {
    id: source.id,
    page: intParam(sp.page),
    per_page: 20,
  })
  if (!list.ok && [401, 403, 404].includes(list.status)) notFound()
  return (
    <>
      <p className="muted">
        A {noun} access token acts as a bot user that is a member of this {noun} with the role you choose; it reaches
        nothing else.
      </p>
      <CreateTokenForm source={source} scopes={RESOURCE_TOKEN_SCOPES} roles={ROLES} />
      <section className="card">
        <h2>Active {noun} access tokens</h2>
        {list.ok ? (
          <TokenTable
            data={list.items}
            showRole
            source={source}
            emptyMessage={`This ${noun} has no active access tokens.`}
            pager={{ info: list.pageInfo, pathname }}
          />
        ) : (
          <ErrorState status={list.status} body={list.error} title="Could not load access tokens" />
        )}
      </section>
    </>
  )
}
