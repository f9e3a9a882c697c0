'use client'
// A thin bar across the top of the window while a navigation waits for the server: without it a
// click on a slow page shows nothing until the new page arrives. It appears only after a short
// delay (CSS), so quick navigations do not flash it. Drawn with classes only (the CSP forbids
// style attributes); the movement is a CSS animation, since the server does not say how far it is.
import { usePathname, useSearchParams } from 'next/navigation'
import { Suspense, useEffect, useSyncExternalStore } from 'react'
import './navigation-progress.css'
import { navigationCommitted, pendingNavigation, subscribeNavigation } from './navigation-store'

function Bar() {
  const pathname = usePathname()
  const search = useSearchParams().toString()
  const pending = useSyncExternalStore(subscribeNavigation, pendingNavigation, () => null)
  useEffect(() => navigationCommitted(pathname + (search ? `?${search}` : '')), [pathname, search])
  if (!pending) return null
  return (
    <div className="nav-progress" role="progressbar" aria-label="Loading the next page" data-testid="nav-progress">
      <div className="nav-progress-bar" />
    </div>
  )
}

export function NavigationProgress() {
  return (
    <Suspense fallback={null}>
      <Bar />
    </Suspense>
  )
}
