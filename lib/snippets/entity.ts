// JSON of a project snippet (GitLab's Entities::ProjectSnippet) and of its versions (our
// extension, shaped like a commit). Built from rows already loaded: callers batch the queries.
import type { Actor } from '../auth/actor'
import { config } from '../config'
import type { SnippetVersion, User } from '../db'
import { userBasic } from '../users/entity'
import type { ListedUser } from '../users/find'
import type { FileRef } from './git'
import type { SnippetWithAuthor } from './service'
import type { SnippetJson, SnippetVersionJson } from './schema'
import { DEFAULT_BRANCH, versionFiles } from './versions'
import { isoTime } from '../api/time'

export const snippetWebUrl = (projectPath: string, id: number) =>
  `${config().externalUrl}/${projectPath}/-/snippets/${id}`

/** `<web_url>/raw/<ref>/<path>`, each path segment encoded. */
export const fileRawUrl = (webUrl: string, ref: string, path: string) =>
  `${webUrl}/raw/${ref}/${path.split('/').map(encodeURIComponent).join('/')}`

/** The spec's author {id, username, email, name, state, created_at}: the e-mail only for the user themself or an administrator. */
function author(u: ListedUser, viewer: Actor | null) {
  const own = !!viewer && (viewer.user.admin || viewer.user.id === u.id)
  return Object.assign(userBasic(u), { email: own ? u.email : null, created_at: isoTime(u.createdAt) })
}

export function snippetEntity(
  s: SnippetWithAuthor,
  projectPath: string,
  files: readonly FileRef[],
  viewer: Actor | null,
): SnippetJson {
  const { externalUrl, externalHost } = config()
  const web = snippetWebUrl(projectPath, s.id)
  return {
    id: s.id,
    title: s.title,
    description: s.description || null,
    visibility: s.visibility as SnippetJson['visibility'],
    author: author(s.author, viewer),
    created_at: isoTime(s.createdAt),
    updated_at: isoTime(s.updatedAt),
    project_id: s.projectId,
    web_url: web,
    raw_url: `${web}/raw`,
    ssh_url_to_repo: `git@${externalHost.split(':')[0]!}:${projectPath}/snippets/${s.id}.git`,
    http_url_to_repo: `${externalUrl}/${projectPath}/snippets/${s.id}.git`,
    file_name: files[0]?.path ?? null,
    files: files.map((f) => ({ path: f.path, raw_url: fileRawUrl(web, DEFAULT_BRANCH, f.path) })),
    imported: false,
    imported_from: 'none',
  }
}

export function versionEntity(v: SnippetVersion, webUrl: string, authorRow: User | undefined): SnippetVersionJson {
  return {
    id: v.sha,
    short_id: v.sha.slice(0, 8),
    parent_ids: v.parentSha ? [v.parentSha] : [],
    title: v.message,
    message: v.message,
    author_name: authorRow?.name ?? null,
    author: authorRow ? userBasic(authorRow) : null,
    created_at: isoTime(v.createdAt),
    files: versionFiles(v).map((f) => ({ path: f.path, raw_url: fileRawUrl(webUrl, v.sha, f.path) })),
  }
}
