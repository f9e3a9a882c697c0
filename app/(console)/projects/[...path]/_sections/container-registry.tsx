// Deploy → Container registry of a project (GitLab's /-/container_registry and
// /-/container_registry/:id): the image repositories, and one repository's tags with its cleanup.
// Whoever sees the project may open it; the API answers 403 where the registry is not readable.
import { notFound } from 'next/navigation'
import Link from 'next/link'
import { ErrorState } from '@/components/error-state'
import '@/components/container-registry/registry.css'
import { PushHelp } from '@/components/container-registry/push-help'
import { RepositoryList } from '@/components/container-registry/repository-list'
import { apiList } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { consolePath, intParam } from '@/lib/console/paths'
import type { RepositoryJson } from '@/lib/container-registry/schema'
import { RegistryRepository } from './container-registry-repository'
import type { ProjectSectionProps } from './index'

export function ProjectContainerRegistry(props: ProjectSectionProps) {
  const { rest = [] } = props
  if (props.project.container_registry_access_level === 'disabled') return <RegistryDisabled {...props} />
  if (rest.length === 0) return <RegistryIndex {...props} />
  const id = intParam(rest[0])
  if (!id || rest.length > 1) notFound()
  return <RegistryRepository {...props} repositoryId={id} />
}

function RegistryDisabled({ project }: ProjectSectionProps) {
  return (
    <section className="card" data-testid="registry-disabled">
      <h2>Container registry</h2>
      <p>The container registry is disabled for this project.</p>
      {project.abilities.admin_project ? (
        <p className="muted">
          Turn it on in{' '}
          <Link href={consolePath('projects', project.path_with_namespace, 'settings/packages_and_registries')}>
            Packages and registries settings
          </Link>
          .
        </p>
      ) : (
        <p className="muted">A Maintainer of the project can turn it on.</p>
      )}
    </section>
  )
}

/** The image path without a sub-image name: where `docker push` puts the project's root image. */
function rootLocation(first: RepositoryJson | undefined, fallback: string): string {
  if (!first) return fallback
  return first.name ? first.location.slice(0, -(first.name.length + 1)) : first.location
}

async function RegistryIndex({ project, searchParams: sp, pathname }: ProjectSectionProps) {
  const list = await apiList(endpoints.containerRegistry.list, {
    id: project.id,
    tags_count: true,
    page: intParam(sp.page),
    per_page: 20,
  })
  const location = rootLocation(list.items[0], project.container_registry_image_prefix)
  return (
    <section className="card" data-testid="registry-section">
      <h2>Container registry</h2>
      <p className="muted">
        Images of this project, stored in its own registry.{' '}
        {project.container_registry_access_level === 'private'
          ? 'Only project members (Reporter and above) may pull them.'
          : 'Whoever can see the project may pull them (on a private project, members from Reporter up).'}
      </p>
      {!list.ok ? (
        <ErrorState status={list.status} body={list.error} title="Could not load the container registry" />
      ) : list.items.length === 0 && !list.pageInfo.prevPage ? (
        <div data-testid="registry-empty">
          <p>
            <strong>There are no container images stored for this project.</strong>
          </p>
          <PushHelp location={location} />
        </div>
      ) : (
        <>
          <RepositoryList
            projectId={project.id}
            repositories={list.items}
            basePath={pathname}
            pageInfo={list.pageInfo}
          />
          <details className="registry-push-help">
            <summary>Push an image</summary>
            <PushHelp location={location} />
          </details>
        </>
      )}
    </section>
  )
}
