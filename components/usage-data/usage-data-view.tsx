'use client'
// Admin → Usage data: the stored service ping payload as `key.path → value` rows, filtered by key
// path, and the Recompute button. Recompute only queues the computation (POST …/recompute answers
// 202), so the button polls the stored payload until its recorded_at moves, then refreshes the page.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useEffect, useMemo, useRef, useState, useTransition } from 'react'
import { endpoints } from '@/lib/console/endpoint-refs'
import { useApi } from '../console-providers'
import { FormError } from '../form/form-error'
import { flattenPayload, recordedAtOf, type StoredServicePing } from './payload'

// Recompute's polling: the queue worker picks the task up within its poll interval (1 s by
// default); a minute leaves room for a busy queue.
const POLL_MS = 1000
const DEADLINE_MS = 60_000

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function UsageDataView({ payload }: { payload: StoredServicePing }) {
  const api = useApi()
  const router = useRouter()
  const [query, setQuery] = useState('')
  const [done, setDone] = useState(false)
  // The refresh runs in a transition, so the button stays pending and the message waits until the new payload is on the page.
  const [refreshing, startRefresh] = useTransition()
  // Stops the polling loop when the admin navigates away mid-recompute.
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const shownAt = recordedAtOf(payload)
  const rows = useMemo(() => flattenPayload(payload).filter((r) => r.path !== ''), [payload])
  const needle = query.trim().toLowerCase()
  const visible = needle ? rows.filter((r) => r.path.toLowerCase().includes(needle)) : rows

  const recompute = useMutation({
    mutationFn: async () => {
      await api(endpoints.usageData.recompute)
      const deadline = Date.now() + DEADLINE_MS
      while (mounted.current && Date.now() < deadline) {
        await wait(POLL_MS)
        const latest = recordedAtOf(await api(endpoints.usageData.servicePing))
        if (latest && latest !== shownAt) return latest
      }
      throw new Error('The payload was not recomputed within a minute; the task may still be waiting on the queue (Admin → Background tasks).')
    },
    onMutate: () => setDone(false),
    onSuccess: () => {
      setDone(true)
      // The server-rendered time and the rows below pick up the new payload.
      startRefresh(() => router.refresh())
    },
  })

  const busy = recompute.isPending || refreshing

  return (
    <>
      <div className="form-actions" style={{ marginBottom: 16 }}>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => recompute.mutate()} data-testid="usage-data-recompute">
          {busy ? 'Recomputing…' : 'Recompute'}
        </button>
        {done && !busy && (
          <span className="saved-note" role="status" data-testid="usage-data-recomputed">
            Usage data recomputed
          </span>
        )}
      </div>
      <FormError message={recompute.error?.message} testId="usage-data-error" />
      {rows.length === 0 ? (
        <p className="muted" data-testid="usage-data-empty">
          No payload yet: recompute it, or wait for the weekly computation.
        </p>
      ) : (
        <>
          <div className="table-toolbar">
            <div className="search-form" role="search">
              <input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Filter by key path (counts.projects)"
                aria-label="Filter by key path"
                data-testid="usage-data-search"
              />
            </div>
            <span className="muted small" data-testid="usage-data-count">
              {visible.length} of {rows.length} keys
            </span>
          </div>
          {visible.length === 0 ? (
            <p className="muted" data-testid="usage-data-no-match">
              No key path contains “{query.trim()}”.
            </p>
          ) : (
            <table className="table" data-testid="usage-data-table">
              <thead>
                <tr>
                  <th style={{ width: '40%' }}>Key path</th>
                  <th>Value</th>
                </tr>
              </thead>
              <tbody>
                {visible.map((r) => (
                  <tr key={r.path} data-testid="usage-data-row" data-key-path={r.path}>
                    <td className="wrap">
                      <code data-testid="usage-data-key">{r.path}</code>
                    </td>
                    <td className="wrap" data-testid="usage-data-value">
                      {r.value}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </>
  )
}
