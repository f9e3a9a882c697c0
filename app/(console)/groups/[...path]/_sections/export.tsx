// Settings → Export of a group (Owners): start an export in GitLab's archive format and download it
// once the background task has built it.
import { ApiActionButton } from '@/components/ci/pipeline-actions'
import { apiCall } from '@/lib/console/api'
import type { GroupSectionProps } from './index'

export async function GroupExport({ group }: GroupSectionProps) {
  const state = await apiCall('GET', `/groups/${group.id}/export/download`)
  const message = !state.ok && state.body && typeof state.body === 'object' ? String((state.body as { message?: unknown }).message ?? '') : ''
  const ready = state.ok
  const building = message === 'The group export file is not available yet'
  return (
    <section className="card" data-testid="group-export">
      <h2>Export group</h2>
      <p className="muted">
        Exports the group, its subgroups and their members in GitLab&apos;s file format (NDJSON, version 0.2.4): GitLab and this server import it.
      </p>
      <p data-testid="group-export-state" role="status">
        {ready ? 'The latest export is ready.' : building ? 'An export is being prepared… reload in a moment.' : 'No export yet.'}
      </p>
      <div className="actions">
        <ApiActionButton path={`/groups/${group.id}/export`} label={ready ? 'Export again' : 'Export group'} testId="group-export-start" />
        {ready && (
          <a className="btn" href={`/api/v4/groups/${group.id}/export/download`} data-testid="group-export-download">
            Download export
          </a>
        )}
      </div>
      <p className="muted">
        To import an export file as a new subgroup of this group, use <a href={`/import?parent=${group.id}`} data-testid="group-export-import-link">Import → Import group from a file</a>.
      </p>
    </section>
  )
}
