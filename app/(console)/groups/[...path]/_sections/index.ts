// A group's sub-pages, keyed by the URL part after '/-/' (`/groups/a/-/members` → 'members').
// Later features hang their pages here; the tabs follow this table's order.
import type { ReactNode } from 'react'
import type { SearchParams } from '@/lib/console/paths'
import type { GroupAbilities } from '@/lib/groups/abilities'
import type { GroupDetail } from '@/lib/console/resources'
import { GroupAccessTokens } from './access-tokens'
import { GroupMembers } from './members'
import { GroupOverview } from './overview'
import { GroupSamlGroupLinks } from './saml-group-links'
import { GroupSettingsGeneral } from './settings-general'
import { GroupCiSettings } from './ci-settings'
import { GroupExport } from './export'
import { GroupEpics } from './epics'

/** The group as its pages get it: the detail with what the viewer may do. */
export type GroupView = GroupDetail

export interface GroupSectionProps {
  group: GroupView
  searchParams: SearchParams
  /** This section's own URL, for pager and search links. */
  pathname: string
  /** Path segments below the section's own URL (sections with `subpaths`). */
  rest?: string[]
}

export interface Section {
  label: string
  /** The ability it needs; the tab is hidden from others (the page checks on its own too). */
  ability?: keyof GroupAbilities
  component: (props: GroupSectionProps) => ReactNode | Promise<ReactNode>
  /** Also serves `/-/<key>/<more>` (e.g. `epics/3/edit`), passing the extra segments as `rest`. */
  subpaths?: boolean
  /** The menu of the section row it sits in (GitLab's sidebar groups), and its name there. */
  menu?: { name: 'Settings'; label: string }
}

export const groupSections: Record<string, Section> = {
  '': { label: 'Overview', component: GroupOverview },
  // Plan → Epics (GitLab's URLs: /-/epics, /-/epics/new, /-/epics/:iid, /-/epics/:iid/edit).
  epics: { label: 'Epics', component: GroupEpics, subpaths: true },
  // Manage → Members (GitLab's URL); owners only, others get the not-found page.
  group_members: { label: 'Members', component: GroupMembers, ability: 'admin_group_member' },
  // Settings → General (GitLab's URL); owners and administrators only, others get the not-found page.
  edit: {
    label: 'Settings',
    component: GroupSettingsGeneral,
    ability: 'admin_group',
    menu: { name: 'Settings', label: 'General' },
  },
  // Settings → SAML group links (GitLab's URL); owners only, others get the not-found page.
  saml_group_links: {
    label: 'SAML group links',
    component: GroupSamlGroupLinks,
    ability: 'admin_saml_group_links',
    menu: { name: 'Settings', label: 'SAML group links' },
  },
  // Settings → Access tokens (GitLab's URL).
  'settings/access_tokens': {
    label: 'Access tokens',
    component: GroupAccessTokens,
    ability: 'admin_resource_access_tokens',
    menu: { name: 'Settings', label: 'Access tokens' },
  },
  // Settings → CI/CD → Runners (GitLab's URL); Maintainers read the runners, Owners manage them.
  'settings/ci_cd': {
    label: 'CI/CD',
    component: GroupCiSettings,
    ability: 'read_group_runners',
    menu: { name: 'Settings', label: 'CI/CD' },
  },
  // Settings → General → Export group (GitLab's section); Owners.
  export: {
    label: 'Export',
    component: GroupExport,
    ability: 'admin_group',
    menu: { name: 'Settings', label: 'Export' },
  },
}
