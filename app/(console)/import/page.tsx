// Import: bring a group in from a GitLab export file (GitLab's "Import group" → "Import a group
// from a file"). Direct transfer from another instance (POST /bulk_imports) is not built yet.
import { GroupImportForm } from '@/components/group-import-form'
import { apiList, requireUser } from '@/lib/console/api'
import { csrfToken } from '@/lib/console/session'

export const metadata = { title: 'Import' }

export default async function ImportPage() {
  await requireUser('/import')
  const parents = await apiList<{ id: number; full_path: string }>('/groups', { min_access_level: 40, per_page: 100, order_by: 'path', all_available: false })
  return (
    <>
      <h1>Import a group</h1>
      <p className="muted">
        Upload a group export made by GitLab (Group → Settings → Export) or by this server. The archive is checked first; the group, its
        subgroups and the members found here by username are then created in the background.
      </p>
      <section className="card">
        <GroupImportForm csrfToken={await csrfToken()} parents={parents.ok ? parents.items : []} />
      </section>
    </>
  )
}
