'use client'
// Feedback after a write: a short message in a live region at the bottom right. The API client
// toasts every successful write by itself (components that say something more specific call
// `api.quiet` and `useToast().success` with their own words).
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'

type Tone = 'success' | 'error' | 'info'
interface ToastItem {
  id: number
  tone: Tone
  text: string
}
export interface Toaster {
  success(text: string): void
  error(text: string): void
  info(text: string): void
}

const ToastContext = createContext<Toaster | null>(null)
const LIFETIME_MS = 5000

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([])
  const next = useRef(1)
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((t) => t.id !== id)), [])
  const push = useCallback(
    (tone: Tone, text: string) => {
      const id = next.current++
      // The newest three stay: a burst of writes must not cover the page.
      setItems((all) => [...all.slice(-2), { id, tone, text }])
      setTimeout(() => dismiss(id), LIFETIME_MS)
    },
    [dismiss],
  )
  const toaster = useMemo<Toaster>(() => ({ success: (t) => push('success', t), error: (t) => push('error', t), info: (t) => push('info', t) }), [push])
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="ui-toasts" role="status" aria-live="polite" data-testid="toasts">
        {items.map((t) => (
          <div key={t.id} className={`ui-toast ui-toast-${t.tone}`} data-testid="toast" data-tone={t.tone}>
            <span>{t.text}</span>
            <button type="button" className="ui-toast-close" aria-label="Dismiss" onClick={() => dismiss(t.id)} data-ui="button">
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

const SILENT: Toaster = { success: () => undefined, error: () => undefined, info: () => undefined }

/** The toaster; outside the console's providers (the login page) it says nothing. */
export function useToast(): Toaster {
  return useContext(ToastContext) ?? SILENT
}
