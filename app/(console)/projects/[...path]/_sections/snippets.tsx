// Code → Snippets of a project, at GitLab's URLs: /-/snippets (list), /-/snippets/new,
// /-/snippets/:id (files and versions) and /-/snippets/:id/edit. Reporter+ create; the author or
// a Maintainer+ edit (the API enforces the same rules).
import { notFound } from 'next/navigation'
import Link from 'next/link'
import { ErrorState } from '@/components/error-state'
import { buttonClass } from '@/components/ui'
import { SnippetForm } from '@/components/snippets/snippet-form'
import { SnippetList } from '@/components/snippets/snippet-list'
import { api, apiList } from '@/lib/console/api'
import { intParam } from '@/lib/console/paths'
import { apiActor } from '@/lib/console/session'
import type { ProjectSectionProps } from './index'
import { SnippetView, versionContents } from './snippets-view'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export async function ProjectSnippets(props: ProjectSectionProps) {
  const { project, pathname, rest = [] } = props
  const actor = await apiActor()
  const canCreate = project.abilities.create_snippet
  const canMaintain = project.abilities.admin_snippet

  if (rest.length === 0) return <SnippetIndex {...props} canCreate={canCreate} />
  if (rest.length === 1 && rest[0] === 'new') {
    return (
      <section className="card" data-testid="snippet-new">
        <h2>New snippet</h2>
        {canCreate ? (
          <SnippetForm projectId={project.id} basePath={pathname} />
        ) : (
          <p className="muted">You need at least the Reporter role to create snippets.</p>
        )}
      </section>
    )
  }
  const id = intParam(rest[0])
  if (!id || rest.length > 2 || (rest.length === 2 && rest[1] !== 'edit')) notFound()
  if (rest.length === 1)
    return <SnippetView {...props} snippetId={id} canMaintain={canMaintain} viewerId={actor?.user.id ?? null} />
  return <SnippetEdit {...props} snippetId={id} />
}

async function SnippetIndex({
  project,
  searchParams: sp,
  pathname,
  canCreate,
}: ProjectSectionProps & { canCreate: boolean }) {
  const list = await apiList(endpoints.snippet.list, { id: project.id, page: intParam(sp.page), per_page: 20 })
  return (
    <section className="card" data-testid="snippets-section">
      <div className="section-header">
        <h2>Snippets</h2>
        {canCreate && (
          <Link className={buttonClass('primary')} href={`${pathname}/new`} data-testid="snippet-new-link">
            New snippet
          </Link>
        )}
      </div>
      <p className="muted">
        Share code and text with the project: each snippet holds one or more files, and every edit keeps the previous
        version readable.
      </p>
      {list.ok ? (
        <SnippetList snippets={list.items} basePath={pathname} pageInfo={list.pageInfo} />
      ) : (
        <ErrorState status={list.status} body={list.error} title="Could not load snippets" />
      )}
    </section>
  )
}

async function SnippetEdit({ project, pathname, snippetId }: ProjectSectionProps & { snippetId: number }) {
  const one = { id: project.id, snippet_id: snippetId }
  const [snippet, head] = await Promise.all([
    api(endpoints.snippet.show, one),
    api(endpoints.snippet.version, { ...one, ref: 'main' }),
  ])
  if (!snippet.ok) return <ErrorState status={snippet.status} body={snippet.body} title="Could not load this snippet" />
  const contents = head.ok ? await versionContents(one, head.body) : {}
  return (
    <section className="card" data-testid="snippet-edit">
      <p>
        <Link href={`${pathname}/${snippetId}`}>← Back to the snippet</Link>
      </p>
      <h2>Edit snippet</h2>
      <SnippetForm projectId={project.id} basePath={pathname} snippet={snippet.body} contents={contents} />
    </section>
  )
}
