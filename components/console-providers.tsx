'use client'
// Client-side context of the console: the API client bound to this session's CSRF token (every
// successful write toasts), react-query for mutations, and the toaster.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { writeMessage } from '@/lib/console/write-message'
import { createApiClient, type ApiRequest } from './api-client'
import { ToastProvider, useToast } from './ui/toast'

const ApiContext = createContext<ApiRequest | null>(null)

function ApiProvider({ csrfToken, children }: { csrfToken: string | null; children: ReactNode }) {
  const toast = useToast()
  const api = useMemo(
    () => createApiClient(csrfToken, (method, path) => toast.success(writeMessage(method, path))),
    [csrfToken, toast],
  )
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
}

export function ConsoleProviders({ csrfToken, children }: { csrfToken: string | null; children: ReactNode }) {
  // One QueryClient per browser session, not per render.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: false }, mutations: { retry: false } },
      }),
  )
  return (
    <ToastProvider>
      <ApiProvider csrfToken={csrfToken}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ApiProvider>
    </ToastProvider>
  )
}

export function useApi(): ApiRequest {
  const api = useContext(ApiContext)
  if (!api) throw new Error('useApi() outside <ConsoleProviders>')
  return api
}
