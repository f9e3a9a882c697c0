// Settings → Packages and registries of a project (GitLab's /-/settings/packages_and_registries,
// Maintainers and above): who may use the container registry, and the container tag protection
// rules (the API refuses the rules while the registry is disabled, and says so).
import { notFound } from 'next/navigation'
import { RegistryAccessForm } from '@/components/container-registry/registry-access-form'
import { TagRuleForm } from '@/components/container-registry/tag-rule-form'
import { TagRuleTable } from '@/components/container-registry/tag-rule-table'
import { ErrorState } from '@/components/error-state'
import { apiList } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { ProjectSectionProps } from './index'

export async function ProjectPackagesRegistriesSettings({ project }: ProjectSectionProps) {
  if (!project.abilities.admin_project) notFound()
  const disabled = project.container_registry_access_level === 'disabled'
  const rules = disabled ? null : await apiList(endpoints.registryTagRule.list, { id: project.id })
  return (
    <>
      <section className="card" data-testid="registry-settings">
        <h2>Container registry</h2>
        <p className="muted">
          Store the project&apos;s container images beside its code, and choose who may pull and push them.
        </p>
        <RegistryAccessForm projectId={project.id} value={project.container_registry_access_level} />
      </section>
      <section className="card" data-testid="tag-rules-section">
        <h2>Protected container image tags</h2>
        <p className="muted">
          Tags matching a rule&apos;s pattern may be pushed or deleted only by the roles it names, in every image of
          this project. Cleanups leave them alone. At most five rules per project.
        </p>
        {disabled ? (
          <p className="muted" data-testid="tag-rules-disabled">
            Enable the container registry to protect its tags.
          </p>
        ) : rules && !rules.ok ? (
          <ErrorState status={rules.status} body={rules.error} title="Could not load the protection rules" />
        ) : (
          <>
            <TagRuleForm projectId={project.id} />
            <TagRuleTable projectId={project.id} rules={rules?.items ?? []} />
          </>
        )}
      </section>
    </>
  )
}
