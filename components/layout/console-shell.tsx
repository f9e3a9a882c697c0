import type { ReactNode } from 'react'
import { BroadcastMessages } from '@/components/broadcast/broadcast-messages'
import { ConsoleProviders } from '@/components/console-providers'
import { currentBroadcastMessages } from '@/lib/console/broadcast-current'
import { csrfToken, currentActor } from '@/lib/console/session'
import { shellState } from '@/lib/console/shell'
import { SideNav } from './side-nav'
import { TopBar } from './top-bar'
import './skip-link.css'

// The console shell: top bar, side nav and broadcast messages around a page. Used by the console's
// layout and by the root 404 (an unknown URL stays inside the shell). It reads the user for the top
// bar and nav but does not guard access: every page calls requireUser()/requireAdmin() itself.
export async function ConsoleShell({ children }: { children: ReactNode }) {
  const actor = await currentActor()
  if (!actor) return <div className="anonymous-page">{children}</div>
  const broadcasts = await currentBroadcastMessages(actor)
  return (
    <ConsoleProviders csrfToken={await csrfToken()}>
      {/* First in the tab order: past the banners, top bar and side nav straight to the page. */}
      <a className="skip-link" href="#content" data-testid="skip-link">
        Skip to content
      </a>
      <BroadcastMessages messages={broadcasts} placement="banner" />
      <div className="shell">
        <TopBar name={actor.user.name} username={actor.user.username} shell={await shellState(actor)} />
        <div className="shell-body">
          <SideNav admin={actor.user.admin} />
          <main className="content" id="content" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
      <BroadcastMessages messages={broadcasts} placement="notification" />
    </ConsoleProviders>
  )
}
