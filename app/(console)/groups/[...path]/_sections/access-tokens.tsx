// Group → Settings → Access tokens (owners).
import { ResourceTokensPage } from '@/components/tokens/resource-tokens-page'
import type { GroupSectionProps } from './index'

export function GroupAccessTokens({ group, searchParams, pathname }: GroupSectionProps) {
  return <ResourceTokensPage source={{ kind: 'group', id: group.id }} searchParams={searchParams} pathname={pathname} />
}
