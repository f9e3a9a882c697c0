import { pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { SECTIONS } from '@/lib/settings/definitions'
import { SettingsSectionPage } from '../section-page'

type Props = { params: Promise<{ section: string }>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Props) {
  const { section } = await params
  return { title: `${SECTIONS.find((s) => s.id === section)?.title ?? 'Settings'} settings · Admin area` }
}

export default async function AdminSettingsSectionPage({ params, searchParams }: Props) {
  const [{ section }, sp] = await Promise.all([params, searchParams])
  return (
    <SettingsSectionPage
      sectionId={section}
      callbackUrl={pathWithQuery(`/admin/settings/${encodeURIComponent(section)}`, sp)}
    />
  )
}
