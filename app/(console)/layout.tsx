import type { ReactNode } from 'react'
import { BroadcastMessages } from '@/components/broadcast/broadcast-messages'
import { ConsoleProviders } from '@/components/console-providers'
import { SideNav } from '@/components/layout/side-nav'
import { TopBar } from '@/components/layout/top-bar'
import { currentBroadcastMessages } from '@/lib/console/broadcast-current'
import { csrfToken, currentActor } from '@/lib/console/session'
import { shellState } from '@/lib/console/shell'

// The console shell. It reads the user for the top bar and nav but does not guard access: layouts
// are not re-rendered on client navigation, so every page calls requireUser()/requireAdmin() itself
// (which also lets the login redirect carry the page's own URL as callbackUrl).
// Broadcast messages aimed at this user: banners above everything, notifications fixed at the bottom.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const actor = await currentActor()
  if (!actor) return <>{children}</>
  const broadcasts = await currentBroadcastMessages(actor)
  return (
    <ConsoleProviders csrfToken={await csrfToken()}>
      <BroadcastMessages messages={broadcasts} placement="banner" />
      <div className="shell">
        <TopBar name={actor.user.name} username={actor.user.username} shell={await shellState(actor)} />
        <div className="shell-body">
          <SideNav admin={actor.user.admin} />
          <main className="content">{children}</main>
        </div>
      </div>
      <BroadcastMessages messages={broadcasts} placement="notification" />
    </ConsoleProviders>
  )
}
