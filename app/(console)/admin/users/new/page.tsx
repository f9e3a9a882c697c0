// Admin → Users → New user (POST /users): the projects limit starts at the instance's default.
import { PageHeader } from '@/components/ui/page-header'
import { UserForm } from '@/components/users/user-form'
import { api, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'New user · Admin area' }
const PATH = '/admin/users/new'

export default async function NewUserPage() {
  await requireAdmin(PATH)
  const settings = await api(endpoints.settings.show)
  const limit = settings.ok ? (settings.body as { default_projects_limit?: unknown }).default_projects_limit : undefined
  return (
    <>
      <PageHeader
        crumbs={[
          { label: 'Admin area', href: '/admin' },
          { label: 'Users', href: '/admin/users' },
          { label: 'New user' },
        ]}
        title="New user"
      />
      <section className="card">
        <UserForm defaultProjectsLimit={typeof limit === 'number' ? limit : undefined} />
      </section>
    </>
  )
}
