// One settings section page, shared by /admin/settings (General, or ?section=<id>) and
// /admin/settings/<section>. The values come through the in-process API, so the page shows
// exactly what GET /application/settings would answer this administrator.
import { notFound } from 'next/navigation'
import { ErrorState } from '@/components/error-state'
import { SettingsForm } from '@/components/settings/settings-form'
import { SettingsNav } from '@/components/settings/settings-nav'
import { SettingsSearch } from '@/components/settings/settings-search'
import { sectionDefs } from '@/components/settings/setting-values'
import { PageHeader } from '@/components/ui/page-header'
import { api, requireAdmin } from '@/lib/console/api'
import { SECTIONS } from '@/lib/settings/definitions'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function SettingsSectionPage({ sectionId, callbackUrl }: { sectionId: string; callbackUrl: string }) {
  await requireAdmin(callbackUrl)
  const section = SECTIONS.find((s) => s.id === sectionId)
  if (!section) notFound()
  const res = await api(endpoints.settings.show)
  const values = res.ok
    ? Object.fromEntries(sectionDefs(section.id).map((d) => [d.key, (res.body as Record<string, unknown>)[d.key]]))
    : null

  return (
    <>
      <PageHeader
        crumbs={[
          { label: 'Admin area', href: '/admin' },
          { label: 'Settings', href: '/admin/settings' },
          { label: section.title },
        ]}
        title="Settings"
      />
      <div className="settings-layout">
        <SettingsNav current={section.id} />
        <div className="settings-main">
          <SettingsSearch />
          <section className="card" data-testid={`settings-page-${section.id}`}>
            <h2>{section.title}</h2>
            <p className="muted">{section.description}</p>
            {values ? (
              <SettingsForm key={section.id} section={{ id: section.id, title: section.title }} values={values} />
            ) : (
              <ErrorState status={res.status} body={res.body} title="Could not load the settings" />
            )}
          </section>
        </div>
      </div>
    </>
  )
}
