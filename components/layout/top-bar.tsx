import Link from 'next/link'
import type { ShellState } from '@/lib/console/shell'
import { LeaveAdminModeButton } from './leave-admin-mode-button'
import { LogoutButton } from './logout-button'
import { NavToggle } from './nav-toggle'

export function TopBar({ name, username, shell }: { name: string; username: string; shell?: ShellState }) {
  return (
    <header className="topbar">
      <div className="topbar-start">
        <NavToggle />
        <Link href="/projects" className="brand">
          Admin console
        </Link>
      </div>
      <div className="topbar-user">
        {shell?.adminMode === 'active' && <LeaveAdminModeButton />}
        <span data-testid="current-user" title={`@${username}`}>
          {name} <span className="muted">@{username}</span>
        </span>
        <LogoutButton afterSignOutPath={shell?.afterSignOutPath ?? null} />
      </div>
    </header>
  )
}
