// Settings → Access tokens of a group or project (GitLab's /-/settings/access_tokens): the active
// tokens with their bot's role, a form for a new one (shown once), revoke. Who may not manage them
// (the API refuses the list, GitLab's 401) gets the not-found page.
import { notFound } from 'next/navigation'
import { levelName } from '@/lib/auth/access-levels'
import { RESOURCE_TOKEN_LEVELS, RESOURCE_TOKEN_SCOPES } from '@/lib/access-tokens/schema'
import { apiListAt } from '@/lib/console/api'
import { intParam, type SearchParams } from '@/lib/console/paths'
import type { PersonalAccessToken } from '../api-types'
import { ErrorState } from '../error-state'
import { CreateTokenForm } from './create-token-form'
import { TokenTable } from './token-table'

const ROLES = RESOURCE_TOKEN_LEVELS.map((value) => ({ value, label: levelName(value) }))

export async function ResourceTokensPage({ sourcePath, noun, searchParams: sp, pathname }: { sourcePath: string; noun: 'group' | 'project'; searchParams: SearchParams; pathname: string }) {
  const list = await apiListAt<PersonalAccessToken & { access_level: number }>(`${sourcePath}/access_tokens`, { page: intParam(sp.page), per_page: 20 })
  if (!list.ok && [401, 403, 404].includes(list.status)) notFound()
  return (
    <>
      <p className="muted">
        A {noun} access token acts as a bot user that is a member of this {noun} with the role you choose; it reaches nothing else.
      </p>
      <CreateTokenForm createPath={`${sourcePath}/access_tokens`} scopes={RESOURCE_TOKEN_SCOPES} roles={ROLES} />
      <section className="card">
        <h2>Active {noun} access tokens</h2>
        {list.ok ? (
          <TokenTable data={list.items} showRole revokeBase={`${sourcePath}/access_tokens`} emptyMessage={`This ${noun} has no active access tokens.`} pager={{ info: list.pageInfo, pathname }} />
        ) : (
          <ErrorState status={list.status} body={list.error} title="Could not load access tokens" />
        )}
      </section>
    </>
  )
}
