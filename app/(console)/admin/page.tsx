// Admin → Overview (GitLab's /admin): instance counts, version and database, the health of mail,
// the registry and background work, quick actions and the latest admin changes. The counts and
// health are console-only data (GitLab has no API for its dashboard either): read through the
// domains' services after the admin check, like Settings → History; broadcasts come through the API.
import {
  BroadcastsCard,
  CountTiles,
  HealthCard,
  QuickActions,
  SettingsChangesCard,
  SystemCard,
} from '@/components/admin-overview/overview-sections'
import { PageHeader } from '@/components/ui'
import { adminOverview } from '@/lib/console/admin-overview'
import { apiList, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Admin area' }
const PATH = '/admin'

export default async function AdminOverviewPage() {
  await requireAdmin(PATH)
  const [overview, broadcasts] = await Promise.all([
    adminOverview(),
    apiList(endpoints.broadcastMessage.list, { per_page: 3 }),
  ])
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Admin area', href: PATH }, { label: 'Overview' }]}
        title="Admin area"
        actions={<QuickActions />}
      />
      <CountTiles counts={overview.counts} />
      <div className="overview-grid">
        <HealthCard health={overview.health} />
        <SystemCard version={overview.version} database={overview.database} />
        <SettingsChangesCard changes={overview.settingsChanges} />
        <BroadcastsCard messages={broadcasts.items} error={!broadcasts.ok} />
      </div>
    </>
  )
}
