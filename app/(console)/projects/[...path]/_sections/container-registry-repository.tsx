// One image repository of the project's registry: its details, its tags (each tag's revision,
// size and creation read from the registry for the current page), and the tag cleanup for
// those who may bulk-delete (the repository carries delete_api_path only for them).
import { notFound } from 'next/navigation'
import Link from 'next/link'
import { CleanupForm } from '@/components/container-registry/cleanup-form'
import { RepositoryStatusBadge } from '@/components/container-registry/repository-status-badge'
import { TagTable, type TagRow } from '@/components/container-registry/tag-table'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { RelativeTime } from '@/components/ui/relative-time'
import { api, apiList } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { intParam } from '@/lib/console/paths'
import type { ProjectSectionProps } from './index'

export async function RegistryRepository({
  project,
  searchParams: sp,
  pathname,
  repositoryId,
}: ProjectSectionProps & { repositoryId: number }) {
  const repo = await api(endpoints.containerRegistry.show, { id: repositoryId, tags_count: true })
  if (repo.ok && repo.body.project_id !== project.id) notFound()
  const back = (
    <p>
      <Link href={pathname}>← All images</Link>
    </p>
  )
  if (!repo.ok)
    return (
      <section className="card">
        {back}
        <ErrorState status={repo.status} body={repo.body} title="Could not load this image" />
      </section>
    )
  const r = repo.body
  const ids = { id: project.id, repository_id: r.id }
  const canAdmin = !!r.delete_api_path
  const [list, lastTask] = await Promise.all([
    apiList(endpoints.containerRegistry.tags, { ...ids, page: intParam(sp.page), per_page: 20 }),
    canAdmin ? api(endpoints.containerRegistry.cleanupStatus, ids) : null,
  ])
  // The list names the tags only; each one's details are a request of their own.
  const tags: TagRow[] = await Promise.all(
    list.items.map(async (t) => {
      const one = await api(endpoints.containerRegistry.tag, { ...ids, tag_name: t.name })
      return { name: t.name, location: t.location, detail: one.ok ? one.body : null }
    }),
  )

  return (
    <>
      <section className="card" data-testid="registry-repository" data-repository-id={r.id}>
        {back}
        <h2>
          {r.path}
          <RepositoryStatusBadge status={r.status} />
        </h2>
        <DetailList
          testId="registry-repository-details"
          items={[
            [
              'Location',
              <code key="location" data-testid="registry-repository-location">
                {r.location}
              </code>,
            ],
            [
              'Tags',
              <span key="tags" data-testid="registry-repository-tags-count">
                {r.tags_count ?? '—'}
              </span>,
            ],
            ['Created', <RelativeTime key="created" iso={r.created_at} />],
            [
              'Last cleanup policy run',
              r.cleanup_policy_started_at ? <RelativeTime key="cleanup" iso={r.cleanup_policy_started_at} /> : null,
            ],
          ]}
        />
        <h3>Tags</h3>
        {list.ok ? (
          <TagTable
            projectId={project.id}
            repositoryId={r.id}
            tags={tags}
            canDelete={project.abilities.destroy_container_image}
            pathname={`${pathname}/${r.id}`}
            pageInfo={list.pageInfo}
          />
        ) : (
          <ErrorState status={list.status} body={list.error} title="Could not load the tags" />
        )}
      </section>
      {canAdmin && (
        <CleanupForm projectId={project.id} repositoryId={r.id} lastTask={lastTask?.ok ? lastTask.body : null} />
      )}
    </>
  )
}
