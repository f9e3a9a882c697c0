// A group's sub-pages, keyed by the URL part after '/-/' (`/groups/a/-/members` → 'members').
// Later features hang their pages here; the tabs follow this table's order.
import type { ReactNode } from 'react'
import type { Group } from '@/components/groups/group-table'
import type { SearchParams } from '@/lib/console/paths'
import { GroupAccessTokens } from './access-tokens'
import { GroupMembers } from './members'
import { GroupOverview } from './overview'
import { GroupSamlGroupLinks } from './saml-group-links'
import { GroupSettingsGeneral } from './settings-general'
import { GroupCiSettings } from './ci-settings'
import { GroupExport } from './export'

export interface GroupSectionProps {
  group: Group
  searchParams: SearchParams
  /** This section's own URL, for pager and search links. */
  pathname: string
  /** The viewer's role here (0 for none; administrators get the highest). */
  viewerLevel: number
}

export interface Section {
  label: string
  /** Lowest role that may open it; the tab is hidden from others (the page checks on its own too). */
  minAccess?: number
  component: (props: GroupSectionProps) => ReactNode | Promise<ReactNode>
}

export const groupSections: Record<string, Section> = {
  '': { label: 'Overview', component: GroupOverview },
  // Manage → Members (GitLab's URL); owners only, others get the not-found page.
  group_members: { label: 'Members', component: GroupMembers, minAccess: 50 },
  // Settings → SAML group links (GitLab's URL); owners only, others get the not-found page.
  saml_group_links: { label: 'SAML group links', component: GroupSamlGroupLinks, minAccess: 50 },
  // Settings → General (GitLab's URL); owners and administrators only, others get the not-found page.
  edit: { label: 'Settings', component: GroupSettingsGeneral, minAccess: 50 },
  // Settings → Access tokens (GitLab's URL).
  'settings/access_tokens': { label: 'Access tokens', component: GroupAccessTokens, minAccess: 50 },
  // Settings → CI/CD → Runners (GitLab's URL); Maintainers read the runners, Owners manage them.
  'settings/ci_cd': { label: 'CI/CD', component: GroupCiSettings, minAccess: 40 },
  // Settings → General → Export group (GitLab's section); Owners.
  export: { label: 'Export', component: GroupExport, minAccess: 50 },
}
