import { Badge } from '@/components/ui/badge'
import './users.css'
import type { UserWithAdminJson } from '@/lib/users/schema'

type BadgeUser = Pick<UserWithAdminJson, 'state' | 'is_admin' | 'external' | 'bot'>

/** What sets a user apart in Admin → Users: state, admin, external, bot. */
export function UserBadges({ user }: { user: BadgeUser }) {
  return (
    <span className="user-badges" data-testid="user-badges">
      {user.state === 'blocked' && (
        <Badge tone="bad" testId="badge-blocked">
          Blocked
        </Badge>
      )}
      {user.state === 'deactivated' && (
        <Badge tone="warn" testId="badge-deactivated">
          Deactivated
        </Badge>
      )}
      {user.is_admin && (
        <Badge tone="accent" testId="badge-admin">
          Admin
        </Badge>
      )}
      {user.external && (
        <Badge tone="info" testId="badge-external">
          External
        </Badge>
      )}
      {user.bot && (
        <Badge tone="muted" testId="badge-bot">
          Bot
        </Badge>
      )}
    </span>
  )
}
