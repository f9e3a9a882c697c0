// Group → Settings → General (GitLab's /groups/<path>/-/edit): the group's settings form and its
// avatar. Only owners and administrators may change them; the API shows `runners_token` to exactly
// those callers, so its presence decides, and everyone else gets the console's not-found page.
import { notFound } from 'next/navigation'
import { ErrorState } from '@/components/error-state'
import { GroupAvatarUpload } from '@/components/groups/group-avatar-upload'
import { GroupSettingsForm } from '@/components/groups/group-settings-form'
import { api } from '@/lib/console/api'
import type { GroupSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function GroupSettingsGeneral({ group }: GroupSectionProps) {
  const res = await api(endpoints.group.show, { id: group.id, with_projects: false })
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this group" />
  if (!('runners_token' in res.body)) notFound()
  const detail = res.body
  return (
    <>
      <section className="card" data-testid="group-avatar-section">
        <h2>Group avatar</h2>
        <p className="muted">An image (PNG, JPG, GIF, BMP, TIFF, ICO or WebP) shown next to the group&apos;s name.</p>
        <GroupAvatarUpload groupId={detail.id} avatarUrl={detail.avatar_url} />
      </section>
      <section className="card" data-testid="group-settings-section">
        <h2>Naming, visibility and permissions</h2>
        <GroupSettingsForm group={detail} />
      </section>
    </>
  )
}
