import { ErrorState } from '@/components/error-state'
import { FeatureFlagForm } from '@/components/features/feature-flag-form'
import { FeatureFlagsTable, type FeatureFlagRow } from '@/components/features/feature-flags-table'
import { PageHeader } from '@/components/ui/page-header'
import { api, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Feature flags · Admin area' }
const PATH = '/admin/feature_flags'

/** What readers know the flags' actors by (`@alice`, `group/project`), looked up through the API as the admin. */
async function actorLabels(flags: FeatureFlagRow[]): Promise<Record<string, string>> {
  const ids = new Set(flags.flatMap((f) => f.gates.flatMap((g) => (g.key === 'actors' ? g.value : []))))
  const entries = await Promise.all(
    [...ids].map(async (flipperId): Promise<[string, string] | null> => {
      const [type, id = ''] = flipperId.split(':')
      if (type === 'User') {
        const res = await api(endpoints.user.show, { id })
        return res.ok ? [flipperId, `@${res.body.username}`] : null
      }
      if (type === 'Project') {
        const res = await api(endpoints.project.show, { id })
        return res.ok ? [flipperId, res.body.path_with_namespace] : null
      }
      if (type === 'Group') {
        const res = await api(endpoints.group.show, { id, with_projects: false })
        return res.ok ? [flipperId, res.body.full_path] : null
      }
      return null
    }),
  )
  return Object.fromEntries(entries.filter((e) => e !== null))
}

export default async function AdminFeatureFlagsPage() {
  await requireAdmin(PATH)
  const [list, definitions] = await Promise.all([api(endpoints.feature.list), api(endpoints.feature.definitions)])
  const known = definitions.ok ? definitions.body : []
  const flags = list.ok ? list.body : []
  const labels = await actorLabels(flags)
  const unset = known.filter((d) => !flags.some((f) => f.name === d.name))
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Feature flags' }]}
        title="Feature flags"
      />
      <p className="muted">
        Flags switch features on for everyone or for chosen users, projects and groups. A flag that is not set is off.
        Changes apply at once on this server and within seconds on the others.
      </p>
      <section className="card">
        <h2>Set a feature flag</h2>
        <FeatureFlagForm knownNames={known.map((d) => d.name)} />
      </section>
      <section className="card">
        <h2>Flags</h2>
        {list.ok ? (
          <FeatureFlagsTable data={flags} labels={labels} />
        ) : (
          <ErrorState status={list.status} body={list.body} title="Could not load feature flags" />
        )}
      </section>
      {unset.length > 0 && (
        <section className="card" data-testid="feature-flag-definitions">
          <h2>Known flags not set</h2>
          <ul>
            {unset.map((d) => (
              <li key={d.name}>
                <code>{d.name}</code>{' '}
                <span className="muted small">
                  ({d.type}, default {d.default_enabled ? 'on' : 'off'})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
