import Link from 'next/link'
import { notFound } from 'next/navigation'
import { BroadcastForm } from '@/components/broadcast/broadcast-form'
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
      <p>
        <Link href="/admin/broadcast_messages">← Broadcast messages</Link>
      </p>
      <h1>Edit broadcast message</h1>
      <section className="card">
        <BroadcastForm message={res.body} />
      </section>
    </>
  )
}
