import { Placeholder } from '@/components/placeholder'
import { requireUser } from '@/lib/console/api'

export const metadata = { title: 'Import' }

export default async function ImportPage() {
  await requireUser('/import')
  return <Placeholder title="Import" />
}
