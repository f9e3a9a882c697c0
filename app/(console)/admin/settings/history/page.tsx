// The settings change history: who changed which keys, from what to what (secrets arrive masked
// from the service). Console-only data — GitLab has no API for it — so this page reads the service
// directly, after the same admin check every admin page makes; user names come through the API.
import { SettingsHistoryTable, type HistoryRow } from '@/components/settings/history-table'
import { SettingsNav } from '@/components/settings/settings-nav'
import { PageHeader } from '@/components/ui/page-header'
import { pageWindow } from '@/lib/api/pagination'
import { api, requireAdmin } from '@/lib/console/api'
import type { PageInfo } from '@/lib/console/pagination'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { settingsHistory } from '@/lib/settings/service'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Settings history · Admin area' }
const PATH = '/admin/settings/history'
const PER_PAGE = 20

type Change = { key: string; from: unknown; to: unknown }

async function userNames(ids: number[]): Promise<Map<number, { username: string; name: string }>> {
  const found = await Promise.all(ids.map(async (id) => [id, await api(endpoints.user.show, { id })] as const))
  return new Map(
    found.flatMap(([id, r]) => (r.ok ? [[id, { username: r.body.username, name: r.body.name }] as const] : [])),
  )
}

export default async function SettingsHistoryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const page = await settingsHistory(pageWindow({ page: intParam(sp.page), per_page: PER_PAGE }))
  const users = await userNames([...new Set(page.items.flatMap((r) => (r.userId ? [r.userId] : [])))])
  const rows: HistoryRow[] = page.items.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    user: r.userId ? (users.get(r.userId) ?? { username: `#${r.userId}`, name: 'Deleted user' }) : null,
    changes: JSON.parse(r.changes) as Change[],
  }))
  const { page: current, perPage } = page.window
  const total = page.total
  const hasNext = total !== null ? current * perPage < total : page.items.length === perPage
  const info: PageInfo = {
    page: current,
    perPage,
    nextPage: hasNext ? current + 1 : null,
    prevPage: current > 1 ? current - 1 : null,
    totalPages: total !== null ? Math.max(1, Math.ceil(total / perPage)) : null,
    total,
  }

  return (
    <>
      <PageHeader
        crumbs={[
          { label: 'Admin area', href: '/admin' },
          { label: 'Settings', href: '/admin/settings' },
          { label: 'Change history' },
        ]}
        title="Settings"
      />
      <div className="settings-layout">
        <SettingsNav current="history" />
        <section className="settings-main card">
          <h2>Change history</h2>
          <p className="muted">Every change to the application settings, newest first. Secret values are masked.</p>
          <SettingsHistoryTable data={rows} pager={{ info, pathname: PATH }} />
        </section>
      </div>
    </>
  )
}
