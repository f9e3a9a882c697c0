import { Placeholder } from '@/components/placeholder'
import { requireAdmin } from '@/lib/console/api'

export const metadata = { title: 'Admin area · Settings' }

export default async function AdminSettingsPage() {
  await requireAdmin('/admin/settings')
  return <Placeholder title="Settings" />
}
