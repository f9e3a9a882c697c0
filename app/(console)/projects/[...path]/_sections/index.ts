// A project's sub-pages, keyed by the URL part after '/-/' (`/projects/a/b/-/members` → 'members').
// Later features hang their pages here; the tabs follow this table's order.
import type { ReactNode } from 'react'
import type { Project } from '@/components/api-types'
import type { SearchParams } from '@/lib/console/paths'
import { ProjectOverview } from './overview'
import { ProjectPipelineSchedules } from './pipeline-schedules'
import { ProjectRepositorySettings } from './repository-settings'

export interface ProjectSectionProps {
  project: Project
  searchParams: SearchParams
  /** This section's own URL, for pager and search links. */
  pathname: string
}

export interface Section {
  label: string
  component: (props: ProjectSectionProps) => ReactNode | Promise<ReactNode>
}

export const projectSections: Record<string, Section> = {
  '': { label: 'Overview', component: ProjectOverview },
  // GitLab's URL; protected branches live there (more repository settings may join them).
  // CI/CD → Schedules (GitLab's URL).
  pipeline_schedules: { label: 'Schedules', component: ProjectPipelineSchedules },
  'settings/repository': { label: 'Repository settings', component: ProjectRepositorySettings },
}
