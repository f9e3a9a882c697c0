// A project's sub-pages, keyed by the URL part after '/-/' (`/projects/a/b/-/members` → 'members').
// Later features hang their pages here; the tabs follow this table's order.
import type { ReactNode } from 'react'
import type { SearchParams } from '@/lib/console/paths'
import type { ProjectAbilities } from '@/lib/projects/abilities'
import type { ProjectDetail } from '@/lib/console/resources'
import { ProjectAccessTokens } from './access-tokens'
import { ProjectMembers } from './members'
import { ProjectOverview } from './overview'
import { ProjectPipelineSchedules } from './pipeline-schedules'
import { ProjectRepositorySettings } from './repository-settings'
import { ProjectSnippets } from './snippets'
import { ProjectPipelines } from './pipelines'
import { ProjectJobs } from './jobs'
import { ProjectCiEditor } from './ci-editor'
import { ProjectCiSettings } from './ci-settings'
import { ProjectContainerRegistry } from './container-registry'
import { ProjectPackagesRegistriesSettings } from './packages-registries-settings'
import { ProjectIssues } from './issues'
import { ProjectGeneralSettings } from './general-settings'

/** The project as its pages get it: the detail with what the viewer may do. */
export type ProjectView = ProjectDetail

export interface ProjectSectionProps {
  project: ProjectView
  searchParams: SearchParams
  /** This section's own URL, for pager and search links. */
  pathname: string
  /** Path segments below the section's own URL (sections with `subpaths`). */
  rest?: string[]
}

export interface Section {
  label: string
  /** The ability it needs; the tab is hidden from others (the page checks on its own too). */
  ability?: keyof ProjectAbilities
  component: (props: ProjectSectionProps) => ReactNode | Promise<ReactNode>
  /** Also serves `/-/<key>/<more>` (e.g. `snippets/12/edit`), passing the extra segments as `rest`. */
  subpaths?: boolean
  /** The menu of the section row it sits in (GitLab's sidebar groups), and its name there. */
  menu?: { name: SectionMenuName; label: string }
}

/** Menus of the section row, in GitLab's words; a menu sits where its first section would. */
export type SectionMenuName = 'Build' | 'Settings'

export const projectSections: Record<string, Section> = {
  '': { label: 'Overview', component: ProjectOverview },
  // Manage → Members (GitLab's URL); Maintainers and above, others get the not-found page.
  // Plan → Issues (GitLab's URLs: /-/issues, /-/issues/new, /-/issues/:iid, /-/issues/:iid/edit).
  issues: { label: 'Issues', component: ProjectIssues, subpaths: true },
  project_members: { label: 'Members', component: ProjectMembers, ability: 'admin_project_member' },
  // GitLab's URL; protected branches live there (more repository settings may join them).
  // Build → Pipelines, Jobs, Pipeline editor (GitLab's URLs: /-/pipelines/:id, /-/jobs/:id, /-/ci/editor).
  pipelines: {
    label: 'Pipelines',
    component: ProjectPipelines,
    subpaths: true,
    menu: { name: 'Build', label: 'Pipelines' },
  },
  jobs: { label: 'Jobs', component: ProjectJobs, subpaths: true, menu: { name: 'Build', label: 'Jobs' } },
  'ci/editor': {
    label: 'Pipeline editor',
    component: ProjectCiEditor,
    ability: 'push_code',
    menu: { name: 'Build', label: 'Pipeline editor' },
  },
  // CI/CD → Schedules (GitLab's URL) and one schedule's page (/-/pipeline_schedules/:id); who may
  // not read schedules (the API's 403, a Guest) gets the not-found page, not an error card.
  pipeline_schedules: {
    label: 'Schedules',
    component: ProjectPipelineSchedules,
    subpaths: true,
    ability: 'read_pipeline_schedule',
    menu: { name: 'Build', label: 'Schedules' },
  },
  // Code → Snippets (GitLab's URLs: /-/snippets, /-/snippets/new, /-/snippets/:id, /-/snippets/:id/edit).
  snippets: { label: 'Snippets', component: ProjectSnippets, subpaths: true },
  // Deploy → Container registry (GitLab's URLs: /-/container_registry, /-/container_registry/:id);
  // the page itself shows the registry disabled or not readable.
  container_registry: { label: 'Container registry', component: ProjectContainerRegistry, subpaths: true },
  // Settings → General (GitLab's URL, /-/edit).
  edit: {
    label: 'General settings',
    component: ProjectGeneralSettings,
    ability: 'admin_project',
    menu: { name: 'Settings', label: 'General' },
  },
  'settings/repository': {
    label: 'Repository settings',
    component: ProjectRepositorySettings,
    menu: { name: 'Settings', label: 'Repository' },
  },
  // Settings → CI/CD → Runners (GitLab's URL).
  'settings/ci_cd': {
    label: 'CI/CD settings',
    component: ProjectCiSettings,
    ability: 'admin_runner',
    menu: { name: 'Settings', label: 'CI/CD' },
  },
  // Settings → Packages and registries (GitLab's URL): registry access and tag protection rules.
  'settings/packages_and_registries': {
    label: 'Packages and registries',
    component: ProjectPackagesRegistriesSettings,
    ability: 'admin_project',
    menu: { name: 'Settings', label: 'Packages and registries' },
  },
  // Settings → Access tokens (GitLab's URL).
  'settings/access_tokens': {
    label: 'Access tokens',
    component: ProjectAccessTokens,
    ability: 'admin_resource_access_tokens',
    menu: { name: 'Settings', label: 'Access tokens' },
  },
}
