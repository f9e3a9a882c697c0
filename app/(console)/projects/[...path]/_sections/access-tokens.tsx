// Project → Settings → Access tokens (Maintainers and above).
import { ResourceTokensPage } from '@/components/tokens/resource-tokens-page'
import type { ProjectSectionProps } from './index'

export function ProjectAccessTokens({ project, searchParams, pathname }: ProjectSectionProps) {
  return (
    <ResourceTokensPage source={{ kind: 'project', id: project.id }} searchParams={searchParams} pathname={pathname} />
  )
}
