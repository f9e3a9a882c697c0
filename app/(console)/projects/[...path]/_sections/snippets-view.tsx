// One snippet: its files at the head or at an older version (`?ref=<sha>`), each in a <pre>, and
// the list of versions, newest first, each linking to its files at that version.
import Link from 'next/link'
import { ErrorState } from '@/components/error-state'
import { buttonClass, Pager, RelativeTime } from '@/components/ui'
import { SnippetDeleteButton } from '@/components/snippets/snippet-delete-button'
import { VisibilityBadge } from '@/components/visibility-badge'
import { api, apiList } from '@/lib/console/api'
import { intParam, one } from '@/lib/console/paths'
import type { SnippetVersionJson } from '@/lib/snippets/types'
import type { ProjectSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export interface SnippetViewProps extends ProjectSectionProps {
  snippetId: number
  /** Maintainer+ (or admin): may change anyone's snippet; authors may change their own. */
  canMaintain: boolean
  viewerId: number | null
}

/** The files of a version with their contents, read through the raw endpoint. */
export async function versionContents(
  snippet: { id: number; snippet_id: number },
  version: SnippetVersionJson,
): Promise<Record<string, string>> {
  const pairs = await Promise.all(
    version.files.map(async (f) => {
      const res = await api(endpoints.snippet.fileRaw, { ...snippet, ref: version.id, file_path: f.path })
      return [f.path, res.ok ? (res.body ?? '') : ''] as const
    }),
  )
  return Object.fromEntries(pairs)
}

export async function SnippetView({
  project,
  searchParams: sp,
  pathname,
  snippetId,
  canMaintain,
  viewerId,
}: SnippetViewProps) {
  const one_ = { id: project.id, snippet_id: snippetId }
  const ref = one(sp.ref)
  const [snippet, version, versions] = await Promise.all([
    api(endpoints.snippet.show, one_),
    api(endpoints.snippet.version, { ...one_, ref: ref ?? 'main' }),
    apiList(endpoints.snippet.versions, { ...one_, page: intParam(sp.versions_page), per_page: 20 }),
  ])
  if (!snippet.ok) return <ErrorState status={snippet.status} body={snippet.body} title="Could not load this snippet" />
  const s = snippet.body
  const self = `${pathname}/${s.id}`
  const contents = version.ok ? await versionContents(one_, version.body) : {}
  const current = !ref || ref === 'main'
  const canEdit = canMaintain || (viewerId !== null && s.author.id === viewerId)

  return (
    <>
      <section className="card" data-testid="snippet-view">
        <p>
          <Link href={pathname}>← All snippets</Link>
        </p>
        <h2 data-testid="snippet-title">
          {s.title} <VisibilityBadge visibility={s.visibility} />
        </h2>
        {s.description && <p>{s.description}</p>}
        <p className="muted small">
          By {s.author.name} · created <RelativeTime iso={s.created_at} /> · updated <RelativeTime iso={s.updated_at} />
        </p>
        {canEdit && (
          <div className="action-bar">
            <Link className={buttonClass()} href={`${self}/edit`} data-testid="snippet-edit-link">
              Edit
            </Link>
            <SnippetDeleteButton projectId={project.id} snippetId={s.id} listPath={pathname} />
          </div>
        )}
        {!version.ok ? (
          <ErrorState status={version.status} body={version.body} title="Could not load this version" />
        ) : (
          <>
            <p className="muted" data-testid="snippet-version-shown">
              {current ? 'Latest version' : 'Version'} <code>{version.body.short_id}</code> ·{' '}
              <RelativeTime iso={version.body.created_at} />
              {!current && (
                <>
                  {' '}
                  · <Link href={self}>show latest</Link>
                </>
              )}
            </p>
            {version.body.files.map((f) => (
              <div key={f.path} className="snippet-file" data-testid="snippet-file" data-path={f.path}>
                <h3 className="mono">{f.path}</h3>
                <pre data-testid="snippet-file-content">{contents[f.path]}</pre>
              </div>
            ))}
          </>
        )}
      </section>
      <section className="card" data-testid="snippet-versions">
        <h2>Versions</h2>
        {!versions.ok ? (
          <ErrorState status={versions.status} body={versions.error} title="Could not load the versions" />
        ) : (
          <>
            <ol reversed>
              {versions.items.map((v) => (
                <li key={v.id} data-testid="snippet-version" data-sha={v.id}>
                  <Link href={`${self}?ref=${v.id}`} data-testid="snippet-version-link">
                    <code>{v.short_id}</code>
                  </Link>{' '}
                  {v.message} · {v.author?.name ?? 'unknown'} · <RelativeTime iso={v.created_at} /> ·{' '}
                  {v.files.map((f) => f.path).join(', ')}
                </li>
              ))}
            </ol>
            <Pager info={versions.pageInfo} pathname={self} pageParam="versions_page" query={{ ref }} />
          </>
        )}
      </section>
    </>
  )
}
