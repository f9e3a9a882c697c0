// Settings → SAML group links of a group (GitLab's /-/saml_group_links): the links, a form to add
// one and a remove button per link. Owners and administrators only: anyone else gets the console's
// not-found page (the API refuses them the list, with GitLab's 401).
import { notFound } from 'next/navigation'
import { ErrorState } from '@/components/error-state'
import { EmptyState, Pager } from '@/components/ui'
import { apiList } from '@/lib/console/api'
import { intParam } from '@/lib/console/paths'
import type { GroupSectionProps } from './index'
import { SamlGroupLinkForm } from './saml-group-links/link-form'
import { SamlGroupLinksTable } from './saml-group-links/links-table'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function GroupSamlGroupLinks({ group, searchParams: sp, pathname }: GroupSectionProps) {
  const list = await apiList(endpoints.saml.listGroupLinks, { id: group.id, page: intParam(sp.page), per_page: 100 })
  if (!list.ok && [401, 403, 404].includes(list.status)) notFound()

  return (
    <section className="card" data-testid="saml-group-links-section">
      <h2>SAML group links</h2>
      <p className="muted">
        Members who sign in through SAML get the role of every link whose SAML group they belong to (the highest wins),
        and lose their membership here when no link grants one any more.
      </p>
      <SamlGroupLinkForm groupId={group.id} />
      {!list.ok ? (
        <ErrorState status={list.status} body={list.error} title="Could not load SAML group links" />
      ) : list.items.length === 0 ? (
        <EmptyState title="No SAML group links yet." testId="saml-links-empty" />
      ) : (
        <>
          <SamlGroupLinksTable groupId={group.id} links={list.items} />
          <Pager info={list.pageInfo} pathname={pathname} />
        </>
      )}
    </section>
  )
}
