import Link from 'next/link'
import { LogoutButton } from './logout-button'

export function TopBar({ name, username }: { name: string; username: string }) {
  return (
    <header className="topbar">
      <Link href="/projects" className="brand">
        Admin console
      </Link>
      <div className="topbar-user">
        <span data-testid="current-user" title={`@${username}`}>
          {name} <span className="muted">@{username}</span>
        </span>
        <LogoutButton />
      </div>
    </header>
  )
}
