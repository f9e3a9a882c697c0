// Settings → Export of a group (Owners): start an export in GitLab's archive format and download it
// once the background task has built it.
import { ApiActionButton } from '@/components/ci/pipeline-actions'
import { buttonClass } from '@/components/ui'
import { api } from '@/lib/console/api'
import type { GroupSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function GroupExport({ group }: GroupSectionProps) {
  const state = await api(endpoints.groupExport.download, { id: group.id })
  const message = !state.ok && state.body && typeof state.body === 'object' ? state.body.message : undefined
  const ready = state.ok
  const building = message === 'The group export file is not available yet'
  return (
    <section className="card" data-testid="group-export">
      <h2>Export group</h2>
      <p className="muted">
        Exports the group, its subgroups and their members in GitLab&apos;s file format (NDJSON, version 0.2.4): GitLab
        and this server import it.
      </p>
      <p data-testid="group-export-state" role="status">
        {ready
          ? 'The latest export is ready.'
          : building
            ? 'An export is being prepared… reload in a moment.'
            : 'No export yet.'}
      </p>
      <div className="form-actions">
        <ApiActionButton
          endpoint={endpoints.groupExport.export}
          params={{ id: group.id }}
          label={ready ? 'Export again' : 'Export group'}
          testId="group-export-start"
        />
        {ready && (
          <a
            className={buttonClass()}
            href={`/api/v4/groups/${group.id}/export/download`}
            data-testid="group-export-download"
          >
            Download export
          </a>
        )}
      </div>
      <p className="muted">
        To import an export file as a new subgroup of this group, use{' '}
        <a href={`/import?parent=${group.id}`} data-testid="group-export-import-link">
          Import → Import group from a file
        </a>
        .
      </p>
    </section>
  )
}
