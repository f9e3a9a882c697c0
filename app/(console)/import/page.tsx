// Import: migrate groups from another GitLab by direct transfer (when bulk_importing_enabled is on)
// or bring one in from an export file (GitLab's "Import group" page).
import { GroupImportForm } from '@/components/groups/group-import-form'
import { MigrateGroups } from '@/components/migrations/migrate-groups'
import { PageHeader } from '@/components/ui'
import { api, apiList, requireUser } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { ImportTabs } from './import-tabs'

export const metadata = { title: 'Import' }

export default async function ImportPage({ searchParams }: { searchParams: Promise<{ parent?: string }> }) {
  const { parent } = await searchParams
  await requireUser('/import')
  const parents = await apiList(endpoints.group.list, {
    min_access_level: 40,
    per_page: 100,
    order_by: 'path',
    all_available: false,
  })
  const directTransfer = (await api(endpoints.bulkImport.list, { per_page: 1 })).status !== 404
  return (
    <>
      <PageHeader crumbs={[{ label: 'Import' }]} title="Import groups" />
      <ImportTabs />
      <section className="card">
        <h2>Migrate groups by direct transfer</h2>
        {directTransfer ? (
          <MigrateGroups parents={parents.ok ? parents.items : []} />
        ) : (
          <p className="muted" data-testid="migrate-disabled">
            Direct transfer is off on this instance: an administrator turns it on with{' '}
            <code>bulk_importing_enabled</code> (Admin → Settings).
          </p>
        )}
      </section>
      <section className="card">
        <h2>Import a group from a file</h2>
        <p className="muted">
          Upload a group export made by GitLab (Group → Settings → Export) or by this server. The archive is checked
          first; the group, its subgroups and the members found here by username are then created in the background.
        </p>
        <GroupImportForm
          parents={parents.ok ? parents.items : []}
          initialParent={parent ? Number(parent) : undefined}
        />
      </section>
    </>
  )
}
