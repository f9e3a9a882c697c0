import { cache } from 'react'
import { notFound } from 'next/navigation'
import { BroadcastForm } from '@/components/broadcast/broadcast-form'
import { PageHeader } from '@/components/ui/page-header'
import { api, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { currentActor } from '@/lib/console/session'

// One API call per request for the title and the page (React's cache).
const loadMessage = cache((id: string) => api(endpoints.broadcastMessage.show, { id }))
/** A message is known by its start: "#3 Maintenance on Sunday…". */
const messageName = (m: { id: number; message: string }) =>
  `#${m.id} ${m.message.length > 40 ? `${m.message.slice(0, 40)}…` : m.message}`

/** "Edit · #3 Maintenance… · Broadcast messages · Admin area"; the text only for an administrator. */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const found = /^\d{1,9}$/.test(id) && (await currentActor())?.user.admin ? await loadMessage(id) : null
  return { title: `Edit · ${found?.ok ? messageName(found.body) : `#${id}`} · Broadcast messages · Admin area` }
}

export default async function EditBroadcastMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  await requireAdmin(`/admin/broadcast_messages/${encodeURIComponent(id)}/edit`)
  if (!/^\d{1,9}$/.test(id)) notFound()
  const res = await loadMessage(id)
  if (!res.ok) notFound()
  return (
    <>
      <PageHeader
        crumbs={[
          { label: 'Admin area', href: '/admin' },
          { label: 'Broadcast messages', href: '/admin/broadcast_messages' },
          { label: messageName(res.body) },
          { label: 'Edit' },
        ]}
        title="Edit broadcast message"
      />
      <section className="card">
        <BroadcastForm message={res.body} />
      </section>
    </>
  )
}
