// Group → Settings → Access tokens (owners).
import { ResourceTokensPage } from '@/components/tokens/resource-tokens-page'
import type { GroupSectionProps } from './index'

export function GroupAccessTokens({ group, searchParams, pathname }: GroupSectionProps) {
  return <ResourceTokensPage sourcePath={`/groups/${group.id}`} noun="group" searchParams={searchParams} pathname={pathname} />
}
