import type { ReactNode } from 'react'
import { ConsoleProviders } from '@/components/console-providers'
import { SideNav } from '@/components/layout/side-nav'
import { TopBar } from '@/components/layout/top-bar'
import { csrfToken, currentActor } from '@/lib/console/session'

// The console shell. It reads the user for the top bar and nav but does not guard access: layouts
// are not re-rendered on client navigation, so every page calls requireUser()/requireAdmin() itself
// (which also lets the login redirect carry the page's own URL as callbackUrl).
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const actor = await currentActor()
  if (!actor) return <>{children}</>
  return (
    <ConsoleProviders csrfToken={await csrfToken()}>
      <div className="shell">
        <TopBar name={actor.user.name} username={actor.user.username} />
        <div className="shell-body">
          <SideNav admin={actor.user.admin} />
          <main className="content">{children}</main>
        </div>
      </div>
    </ConsoleProviders>
  )
}
