// Whether a client-side navigation is under way, for the progress bar (navigation-progress.tsx).
// Next's router announces each navigation's start to instrumentation-client.ts
// (onRouterTransitionStart); its end is the page showing another URL, which the bar's component
// reports from usePathname/useSearchParams. No React here: instrumentation-client loads this
// before any of the console's modules.

/** pathname + search of the page on screen; null until the bar's component first reports it. */
let committed: string | null = null
/** pathname + search being navigated to; null when none. */
let pending: string | null = null
const listeners = new Set<() => void>()

// Next calls the start hook inside React's startTransition: listeners run a microtask later, so the
// bar's update is an urgent one and shows while the transition waits for the server.
const notify = () => queueMicrotask(() => listeners.forEach((l) => l()))

export function subscribeNavigation(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const pendingNavigation = (): string | null => pending

/** A navigation began (push, replace, back/forward). One to the page on screen (a hash, the same link) is none. */
export function navigationStarted(href: string): void {
  const url = new URL(href, window.location.href)
  if (url.origin !== window.location.origin) return
  const target = url.pathname + url.search
  if (target === committed) return
  pending = target
  notify()
}

/** The page on screen now shows `key`: a navigation under way has ended (a redirect to elsewhere included). */
export function navigationCommitted(key: string): void {
  const changed = committed !== key
  committed = key
  if (changed && pending !== null) {
    pending = null
    notify()
  }
}
