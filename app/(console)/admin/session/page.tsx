// Where requireAdmin sends an administrator whose session is not in admin mode (admin_mode on).
import { notFound, redirect } from 'next/navigation'
import { AdminModeForm } from '@/components/settings/admin-mode-form'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { requireUser } from '@/lib/console/api'
import { one, pathWithQuery, safeCallback, type SearchParams } from '@/lib/console/paths'
import { sessionToken } from '@/lib/console/session'
import { adminModeEnabled, inAdminMode } from '@/lib/settings/admin-mode'

export const metadata = { title: 'Enter admin mode' }

export default async function AdminSessionPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  const back = safeCallback(one(sp.redirect), '/admin/settings')
  const actor = await requireUser(pathWithQuery('/admin/session', sp))
  if (!actor.user.admin) notFound()
  const token = await sessionToken()
  // Nothing to do: admin mode is off, or this session already re-authenticated.
  if (!(await adminModeEnabled()) || (token && (await inAdminMode(token)))) redirect(back)
  return (
    <>
      <Breadcrumbs items={[{ label: 'Admin area', href: '/admin' }, { label: 'Enter admin mode' }]} />
      <section className="card narrow-card">
        <h1>Enter admin mode</h1>
        <p className="muted">
          The admin area requires you to confirm your password before it gives you administrator access.
        </p>
        <AdminModeForm redirectTo={back} />
      </section>
    </>
  )
}
