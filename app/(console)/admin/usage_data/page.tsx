// Admin → Usage data: the stored service ping payload (GET /usage_data/service_ping), when it was
// computed, and a Recompute button. It is computed weekly on the durable queue; nothing is sent
// off this machine.
import { ErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/ui/page-header'
import { RelativeTime } from '@/components/ui/relative-time'
import { recordedAtOf } from '@/components/usage-data/payload'
import { UsageDataView } from '@/components/usage-data/usage-data-view'
import { api, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Usage data · Admin area' }
const PATH = '/admin/usage_data'

export default async function UsageDataPage() {
  await requireAdmin(PATH)
  const res = await api(endpoints.usageData.servicePing)
  const recordedAt = res.ok ? recordedAtOf(res.body) : null
  return (
    <>
      <PageHeader crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Usage data' }]} title="Usage data" />
      <p className="muted">
        The service ping payload: counts and settings of this instance, computed weekly in the background. It is kept
        here for administrators and never sent anywhere.
      </p>
      <section className="card">
        {!res.ok ? (
          <ErrorState status={res.status} body={res.body} title="Could not load the usage data" />
        ) : (
          <>
            {recordedAt ? (
              <p data-testid="usage-data-computed">
                Computed <RelativeTime iso={recordedAt} mode="exact" testId="usage-data-recorded-at" />
              </p>
            ) : (
              <p className="muted" data-testid="usage-data-not-computed">
                Not computed yet
              </p>
            )}
            <UsageDataView payload={res.body} />
          </>
        )}
      </section>
    </>
  )
}
