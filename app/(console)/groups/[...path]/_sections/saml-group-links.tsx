// Settings → SAML group links of a group (GitLab's /-/saml_group_links): the links, a form to add
// one and a remove button per link. Owners and administrators only: anyone else gets the console's
// not-found page (the API refuses them the list, with GitLab's 401).
import { notFound } from 'next/navigation'
import { ConfirmButton } from '@/components/ui/confirm'
import { ErrorState } from '@/components/error-state'
import { Pager } from '@/components/ui/pager'
import { levelName } from '@/lib/auth/access-levels'
import { apiList } from '@/lib/console/api'
import { intParam } from '@/lib/console/paths'
import type { GroupSectionProps } from './index'
import type { SamlGroupLink } from './saml-group-links/form-schema'
import { SamlGroupLinkForm } from './saml-group-links/link-form'
import { endpoints } from '@/lib/console/endpoint-refs'

/** The API path that removes exactly this link: a name shared across providers needs `provider` (empty = the any-provider link). */
function deleteParams(groupId: number, link: SamlGroupLink, shared: boolean) {
  const base = { id: groupId, saml_group_name: link.name }
  return shared ? { ...base, provider: link.provider ?? '' } : base
}

export async function GroupSamlGroupLinks({ group, searchParams: sp, pathname }: GroupSectionProps) {
  const list = await apiList(endpoints.saml.listGroupLinks, { id: group.id, page: intParam(sp.page), per_page: 100 })
  if (!list.ok && [401, 403, 404].includes(list.status)) notFound()
  const counts = new Map<string, number>()
  for (const l of list.items) counts.set(l.name, (counts.get(l.name) ?? 0) + 1)

  return (
    <section className="card" data-testid="saml-group-links-section">
      <h2>SAML group links</h2>
      <p className="muted">
        Members who sign in through SAML get the role of every link whose SAML group they belong to (the highest wins), and lose their membership here when no link grants one any
        more.
      </p>
      <SamlGroupLinkForm groupId={group.id} />
      {!list.ok ? (
        <ErrorState status={list.status} body={list.error} title="Could not load SAML group links" />
      ) : list.items.length === 0 ? (
        <p className="muted" data-testid="saml-links-empty">
          No SAML group links yet.
        </p>
      ) : (
        <>
          <table className="table" data-testid="saml-links-table">
            <thead>
              <tr>
                <th>SAML group</th>
                <th>Provider</th>
                <th>Role</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.items.map((l) => {
                const shared = (counts.get(l.name) ?? 0) > 1
                return (
                  <tr key={`${l.name}\u0000${l.provider ?? ''}`} data-testid="saml-link-row" data-name={l.name} data-provider={l.provider ?? ''}>
                    <td>
                      <code data-testid="saml-link-name">{l.name}</code>
                      {shared && (
                        <span className="badge badge-warn" data-testid="saml-link-ambiguous" title="Reading or deleting it through the API needs the provider parameter">
                          same name under several providers: deleting needs the provider
                        </span>
                      )}
                    </td>
                    <td data-testid="saml-link-provider">{l.provider ?? <span className="muted">any</span>}</td>
                    <td data-testid="saml-link-role">{levelName(l.access_level)}</td>
                    <td>
                      <ConfirmButton
                        endpoint={endpoints.saml.removeGroupLink}
                        params={deleteParams(group.id, l, shared)}
                        label="Remove"
                        pendingLabel="Removing…"
                        question={`Remove the link for ${l.name}${l.provider ? ` (${l.provider})` : ''}?`}
                        ariaLabel={`Remove SAML group link ${l.name}`}
                        testId="remove-saml-link"
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          <Pager info={list.pageInfo} pathname={pathname} />
        </>
      )}
    </section>
  )
}
