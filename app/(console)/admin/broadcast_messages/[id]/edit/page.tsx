import { notFound } from 'next/navigation'
import { BroadcastForm } from '@/components/broadcast/broadcast-form'
import { PageHeader } from '@/components/ui/page-header'
import { api, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/endpoint-refs'

export const metadata = { title: 'Admin area · Edit broadcast message' }

export default async function EditBroadcastMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  await requireAdmin(`/admin/broadcast_messages/${encodeURIComponent(id)}/edit`)
  if (!/^\d{1,9}$/.test(id)) notFound()
  const res = await api(endpoints.broadcastMessage.show, { id })
  if (!res.ok) notFound()
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Broadcast messages', href: '/admin/broadcast_messages' }, { label: `#${res.body.id}` }]}
        title="Edit broadcast message"
      />
      <section className="card">
        <BroadcastForm message={res.body} />
      </section>
    </>
  )
}
