import { NavLink } from './nav-link'

const MAIN = [
  { href: '/projects', label: 'Projects', testId: 'nav-projects' },
  { href: '/groups', label: 'Groups', testId: 'nav-groups' },
  { href: '/profile/personal_access_tokens', label: 'Personal access tokens', testId: 'nav-tokens' },
  { href: '/import', label: 'Import', testId: 'nav-import' },
]

const ADMIN = [
  { href: '/admin', label: 'Overview', testId: 'nav-admin-overview', exact: true },
  { href: '/admin/users', label: 'Users', testId: 'nav-admin-users' },
  { href: '/admin/settings', label: 'Settings', testId: 'nav-admin-settings' },
  { href: '/admin/broadcast_messages', label: 'Broadcast messages', testId: 'nav-admin-broadcast-messages' },
  { href: '/admin/runners', label: 'Runners', testId: 'nav-admin-runners' },
  { href: '/admin/member_approvals', label: 'Member approvals', testId: 'nav-admin-member-approvals' },
  { href: '/admin/outbox', label: 'Outbox', testId: 'nav-admin-outbox' },
  { href: '/admin/background_tasks', label: 'Background tasks', testId: 'nav-admin-background-tasks' },
  { href: '/admin/feature_flags', label: 'Feature flags', testId: 'nav-admin-feature-flags' },
  { href: '/admin/usage_data', label: 'Usage data', testId: 'nav-admin-usage-data' },
]

export function SideNav({ admin }: { admin: boolean }) {
  return (
    <nav className="sidenav" id="sidenav" aria-label="Main">
      {MAIN.map((l) => (
        <NavLink key={l.href} {...l} />
      ))}
      {admin && (
        <div className="nav-section" data-testid="nav-admin">
          <div className="nav-heading">Admin area</div>
          {ADMIN.map((l) => (
            <NavLink key={l.href} {...l} />
          ))}
        </div>
      )}
    </nav>
  )
}
