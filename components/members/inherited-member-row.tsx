// A member inherited from an ancestor group, read-only here: their role and expiry are changed at
// the source, which the row links to ("Inherited from <group>", as GitLab's members page says).
import Link from 'next/link'
import { Badge } from '@/components/ui'
import { levelName } from '@/lib/auth/access-levels'
import type { MemberWithSource } from '@/lib/console/members'
import { consolePath } from '@/lib/util/console-path'
import { formatDate } from '../format'

export function InheritedMemberRow({ row: { member: m, inheritedFrom } }: { row: MemberWithSource }) {
  return (
    <tr data-testid="member-row" data-username={m.username} data-membership="inherited">
      <td>
        {m.name} <span className="muted">@{m.username}</span>
        {m.state !== 'active' && <Badge tone="warn">{m.state}</Badge>}
      </td>
      <td data-testid="member-source">
        {inheritedFrom ? (
          <>
            Inherited from{' '}
            <Link href={consolePath('groups', inheritedFrom.full_path)} data-testid="member-source-link">
              {inheritedFrom.full_name}
            </Link>
          </>
        ) : (
          'Inherited'
        )}
      </td>
      <td data-testid="member-role">{levelName(m.access_level)}</td>
      <td>{formatDate(m.expires_at)}</td>
      <td className="muted small">Change at the source</td>
    </tr>
  )
}
