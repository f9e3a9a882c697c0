// A group's sub-pages, keyed by the URL part after '/-/' (`/groups/a/-/members` → 'members').
// Later features hang their pages here; the tabs follow this table's order.
import type { ReactNode } from 'react'
import type { Group } from '@/components/api-types'
import type { SearchParams } from '@/lib/console/paths'
import { GroupOverview } from './overview'
import { GroupSamlGroupLinks } from './saml-group-links'

export interface GroupSectionProps {
  group: Group
  searchParams: SearchParams
  /** This section's own URL, for pager and search links. */
  pathname: string
}

export interface Section {
  label: string
  component: (props: GroupSectionProps) => ReactNode | Promise<ReactNode>
}

export const groupSections: Record<string, Section> = {
  '': { label: 'Overview', component: GroupOverview },
  // Settings → SAML group links (GitLab's URL); owners only, others get the not-found page.
  saml_group_links: { label: 'SAML group links', component: GroupSamlGroupLinks },
}
