import { one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { SettingsSectionPage } from './section-page'

export const metadata = { title: 'Settings · Admin area' }

export default async function AdminSettingsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  return (
    <SettingsSectionPage sectionId={one(sp.section) ?? 'general'} callbackUrl={pathWithQuery('/admin/settings', sp)} />
  )
}
