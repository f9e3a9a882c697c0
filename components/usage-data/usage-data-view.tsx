'use client'
// Admin → Usage data: the stored service ping payload as `key.path → value` rows, filtered by key
// path, and the Recompute button. Recompute only queues the computation (POST …/recompute answers
// 202), so the button polls the stored payload until its recorded_at moves, then refreshes the page.
import { useMutation } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useRouter } from 'next/navigation'
import { useEffect, useMemo, useRef, useState, useTransition } from 'react'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useApi } from '../console-providers'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { DataTable } from '../ui/table'
import { useToast } from '../ui/toast'
import { flattenPayload, recordedAtOf, type PayloadRow, type StoredServicePing } from './payload'

// Recompute's polling: the queue worker picks the task up within its poll interval (1 s by
// default); a minute leaves room for a busy queue.
const POLL_MS = 1000
const DEADLINE_MS = 60_000

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const COLUMNS: ColumnDef<PayloadRow>[] = [
  {
    header: 'Key path',
    id: 'path',
    meta: { className: 'wrap' },
    cell: ({ row }) => <code data-testid="usage-data-key">{row.original.path}</code>,
  },
  {
    header: 'Value',
    id: 'value',
    meta: { className: 'wrap' },
    cell: ({ row }) => <span data-testid="usage-data-value">{row.original.value}</span>,
  },
]

export function UsageDataView({ payload }: { payload: StoredServicePing }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [query, setQuery] = useState('')
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
      await api.quiet(endpoints.usageData.recompute)
      const deadline = Date.now() + DEADLINE_MS
      while (mounted.current && Date.now() < deadline) {
        await wait(POLL_MS)
        const latest = recordedAtOf(await api(endpoints.usageData.servicePing))
        if (latest && latest !== shownAt) return latest
      }
      throw new Error(
        'The payload was not recomputed within a minute; the task may still be waiting on the queue (Admin → Background tasks).',
      )
    },
    onSuccess: () => {
      toast.success('Usage data recomputed.')
      // The server-rendered time and the rows below pick up the new payload.
      startRefresh(() => router.refresh())
    },
  })

  const busy = recompute.isPending || refreshing

  return (
    <>
      <p className="actions">
        <Button
          variant="primary"
          pending={busy}
          pendingLabel="Recomputing…"
          onClick={() => recompute.mutate()}
          data-testid="usage-data-recompute"
        >
          Recompute
        </Button>
      </p>
      <FormError message={recompute.error?.message} testId="usage-data-error" />
      {rows.length === 0 ? (
        <p className="muted" data-testid="usage-data-empty">
          No payload yet: recompute it, or wait for the weekly computation.
        </p>
      ) : (
        <>
          <div className="table-toolbar">
            <div className="search-form" role="search">
              <Input
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
            <DataTable
              data={visible}
              columns={COLUMNS}
              getRowId={(r) => r.path}
              rowAttributes={(r) => ({ 'data-testid': 'usage-data-row', 'data-key-path': r.path })}
              testId="usage-data-table"
            />
          )}
        </>
      )}
    </>
  )
}
