'use client'
// Feedback after a write: a short message in a live region at the right edge. The API client
// toasts every successful write by itself (components that say something more specific call
// `api.quiet` and `useToast().success` with their own words).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import './toast.css'

type Tone = 'success' | 'error' | 'info'
/** Which end of the screen the toasts stand at. */
type Placement = 'top' | 'bottom'
interface ToastItem {
  id: number
  tone: Tone
  text: string
}
export interface Toaster {
  success(text: string): void
  error(text: string): void
  info(text: string): void
  /** Takes every toast down: an error now shown must not stand beside an earlier "saved". */
  clear(): void
}

const ToastContext = createContext<Toaster | null>(null)
const LIFETIME_MS = 5000

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([])
  const [placement, setPlacement] = useState<Placement>('bottom')
  const next = useRef(1)
  // What the person last pressed or focused: the row whose button wrote. Toasts open at the other
  // half of the screen, so they never cover that row's buttons (the next Pause, Delete, …).
  const anchor = useRef<Element | null>(null)
  useEffect(() => {
    const remember = (e: Event) => {
      if (e.target instanceof Element) anchor.current = e.target
    }
    document.addEventListener('pointerdown', remember, true)
    document.addEventListener('focusin', remember, true)
    return () => {
      document.removeEventListener('pointerdown', remember, true)
      document.removeEventListener('focusin', remember, true)
    }
  }, [])
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((t) => t.id !== id)), [])
  const push = useCallback(
    (tone: Tone, text: string) => {
      const id = next.current++
      const at = anchor.current?.isConnected ? anchor.current.getBoundingClientRect() : null
      // All of them move with the newest: a toast left where the pressed row is would cover it.
      if (at) setPlacement(at.top + at.height / 2 > window.innerHeight / 2 ? 'top' : 'bottom')
      // The newest three stay: a burst of writes must not cover the page.
      setItems((all) => [...all.slice(-2), { id, tone, text }])
      setTimeout(() => dismiss(id), LIFETIME_MS)
    },
    [dismiss],
  )
  const toaster = useMemo<Toaster>(
    () => ({
      success: (t) => push('success', t),
      error: (t) => push('error', t),
      info: (t) => push('info', t),
      clear: () => setItems([]),
    }),
    [push],
  )
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="ui-toasts" data-placement={placement} role="status" aria-live="polite" data-testid="toasts">
        {items.map((t) => (
          <div key={t.id} className={`ui-toast ui-toast-${t.tone}`} data-testid="toast" data-tone={t.tone}>
            <span>{t.text}</span>
            <button
              type="button"
              className="ui-toast-close"
              aria-label="Dismiss"
              onClick={() => dismiss(t.id)}
              data-ui="button"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

const SILENT: Toaster = {
  success: () => undefined,
  error: () => undefined,
  info: () => undefined,
  clear: () => undefined,
}

/** The toaster; outside the console's providers (the login page) it says nothing. */
export function useToast(): Toaster {
  return useContext(ToastContext) ?? SILENT
}
