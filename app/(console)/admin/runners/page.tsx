import { Placeholder } from '@/components/placeholder'
import { requireAdmin } from '@/lib/console/api'

export const metadata = { title: 'Admin area · Runners' }

export default async function AdminRunnersPage() {
  await requireAdmin('/admin/runners')
  return <Placeholder title="Runners" />
}
