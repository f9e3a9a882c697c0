import { Placeholder } from '@/components/placeholder'
import { requireAdmin } from '@/lib/console/api'

export const metadata = { title: 'Admin area · Broadcast messages' }

export default async function AdminBroadcastMessagesPage() {
  await requireAdmin('/admin/broadcast_messages')
  return <Placeholder title="Broadcast messages" />
}
