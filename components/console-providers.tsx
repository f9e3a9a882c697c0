'use client'
// Client-side context of the console: the API client bound to this session's CSRF token, and
// react-query for mutations.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { createApiClient, type ApiRequest } from './api-client'

const ApiContext = createContext<ApiRequest | null>(null)

export function ConsoleProviders({ csrfToken, children }: { csrfToken: string | null; children: ReactNode }) {
  // One QueryClient per browser session, not per render.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false }, mutations: { retry: false } } }))
  const api = useMemo(() => createApiClient(csrfToken), [csrfToken])
  return (
    <ApiContext.Provider value={api}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiContext.Provider>
  )
}

export function useApi(): ApiRequest {
  const api = useContext(ApiContext)
  if (!api) throw new Error('useApi() outside <ConsoleProviders>')
  return api
}
