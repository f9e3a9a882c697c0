'use client'
import Link from 'next/link'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ApiClientError } from '../api-client'
import { useApi } from '../console-providers'
import { MigrateGroupsTable, type Destination } from './migrate-groups-table'
import { Button, Input, useToast } from '../ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

const SLUG = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/

/**
 * Import → Migrate groups (direct transfer): connect to a source with its URL and a token, pick the
 * groups you own there, choose where each lands (checked as you type), start the migration.
 */
export function MigrateGroups({ parents }: { parents: { id: number; full_path: string }[] }) {
  const namespaces = parents.map((p) => p.full_path)
  const api = useApi()
  const toast = useToast()
  const [url, setUrl] = useState('')
  const [token, setToken] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<Record<string, Destination>>({})
  const [taken, setTaken] = useState<Record<string, string | false>>({})
  const connect = useMutation({
    // A POST that only reads the source: no "saved" toast.
    mutationFn: async (p: number) =>
      api.quiet(endpoints.bulkImport.sourceGroups, {
        configuration: { url, access_token: token },
        search: search || undefined,
        page: p,
      }),
    onSuccess: (r, p) => {
      setPage(p)
      setRows((old) => ({
        ...Object.fromEntries(
          r.groups.map((g) => [
            g.full_path,
            old[g.full_path] ?? {
              selected: false,
              namespace: namespaces[0] ?? '',
              slug: g.full_path.split('/').pop()!,
            },
          ]),
        ),
      }))
    },
  })
  const start = useMutation({
    mutationFn: () =>
      api.quiet(endpoints.bulkImport.create, {
        configuration: { url, access_token: token },
        entities: Object.entries(rows)
          .filter(([, r]) => r.selected)
          .map(([path, r]) => ({
            source_type: 'group_entity' as const,
            source_full_path: path,
            destination_slug: r.slug,
            destination_namespace: r.namespace,
          })),
      }),
    onSuccess: (m) => toast.success(`Migration #${m.id} started.`),
  })
  // Destination availability, checked as the slug or namespace changes.
  useEffect(() => {
    const check = async () => {
      const out: Record<string, string | false> = {}
      for (const [path, r] of Object.entries(rows)) {
        if (!r.selected || !SLUG.test(r.slug)) continue
        // GitLab's namespace existence check: it sees paths the user cannot read, and suggests a free one.
        const parent = parents.find((p) => p.full_path === r.namespace)
        const body = await api(endpoints.namespace.exists, { id: r.slug, parent_id: parent?.id }).catch(() => null)
        out[path] = body?.exists ? (body.suggests[0] ?? '') : false
      }
      setTaken(out)
    }
    const timer = setTimeout(() => void check(), 300)
    return () => clearTimeout(timer)
  }, [rows, api, parents])
  const groups = connect.data?.groups ?? []
  const problems = Object.entries(rows)
    .filter(([, r]) => r.selected)
    .map(([p, r]) =>
      !SLUG.test(r.slug)
        ? `${p}: the slug may contain letters, digits, '_', '-' and '.'`
        : taken[p] !== undefined && taken[p] !== false
          ? `${p}: ${r.namespace ? `${r.namespace}/` : ''}${r.slug} already exists${taken[p] ? ` (try ${taken[p]})` : ''}`
          : null,
    )
    .filter(Boolean)
  const selected = Object.values(rows).filter((r) => r.selected).length
  const message = (e: unknown) => (e instanceof ApiClientError ? e.message : (e as Error | null)?.message)
  return (
    <div data-testid="migrate-groups">
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault()
          connect.mutate(1)
        }}
        data-testid="migrate-connect-form"
      >
        <label>
          Source GitLab URL
          <Input
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://gitlab.example.com"
            data-testid="migrate-url"
          />
        </label>
        <label>
          Personal access token (api scope)
          <Input type="password" value={token} onChange={(e) => setToken(e.target.value)} data-testid="migrate-token" />
        </label>
        <label>
          Search
          <Input value={search} onChange={(e) => setSearch(e.target.value)} data-testid="migrate-search" />
        </label>
        <Button
          type="submit"
          disabled={!url || !token}
          pending={connect.isPending}
          pendingLabel="Connecting…"
          data-testid="migrate-connect"
        >
          Connect
        </Button>
      </form>
      {connect.error && (
        <div className="alert alert-error" role="alert" data-testid="migrate-error">
          {message(connect.error)}
        </div>
      )}
      {connect.isSuccess && groups.length === 0 && (
        <p className="muted" data-testid="migrate-none">
          You own no group at this source{search ? ' matching the search' : ''}.
        </p>
      )}
      {groups.length > 0 && (
        <>
          <MigrateGroupsTable groups={groups} rows={rows} namespaces={namespaces} onChange={setRows} />
          <div className="form-actions">
            {page > 1 && (
              <Button disabled={connect.isPending} onClick={() => connect.mutate(page - 1)}>
                ← Previous
              </Button>
            )}
            {connect.data?.next_page && (
              <Button disabled={connect.isPending} onClick={() => connect.mutate(connect.data.next_page!)}>
                Next →
              </Button>
            )}
          </div>
          {problems.length > 0 && (
            <ul className="field-error" role="alert" data-testid="migrate-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          <div className="form-actions">
            <Button
              variant="primary"
              disabled={!selected || problems.length > 0}
              pending={start.isPending}
              pendingLabel="Starting…"
              onClick={() => start.mutate()}
              data-testid="migrate-start"
            >
              {`Migrate ${selected} group${selected === 1 ? '' : 's'}`}
            </Button>
          </div>
          {start.error && (
            <div className="alert alert-error" role="alert" data-testid="migrate-start-error">
              {message(start.error)}
            </div>
          )}
          {start.data && (
            <div className="alert alert-success" role="status" data-testid="migrate-started">
              Migration #{start.data.id} started. Follow it in <Link href="/import/history">History</Link>.
            </div>
          )}
        </>
      )}
    </div>
  )
}
