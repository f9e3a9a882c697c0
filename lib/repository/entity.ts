import type { Commit, RepositoryRef } from '../db'
import { projectWebUrl } from '../projects/entity'
import type { BranchJson, BranchProtection, CommitJson, TagJson } from './schema'
import { isoTime } from '../api/time'

export type { BranchProtection }

export type RefWithCommit = RepositoryRef & { commit: Commit }

export function commitEntity(c: Commit, projectPath: string): CommitJson {
  const at = isoTime(c.createdAt)
  return {
    id: c.sha,
    short_id: c.sha.slice(0, 8),
    created_at: at,
    parent_ids: c.parentSha ? [c.parentSha] : [],
    title: c.title,
    message: c.message,
    author_name: c.authorName,
    author_email: c.authorEmail,
    authored_date: at,
    committer_name: c.authorName,
    committer_email: c.authorEmail,
    committed_date: at,
    trailers: {},
    extended_trailers: {},
    web_url: `${projectWebUrl(projectPath)}/-/commit/${c.sha}`,
  }
}

export function branchEntity(
  ref: RefWithCommit,
  project: { fullPath: string; defaultBranch: string },
  protection: BranchProtection,
): BranchJson {
  return {
    name: ref.name,
    commit: commitEntity(ref.commit, project.fullPath),
    merged: false,
    protected: protection.protected,
    developers_can_push: protection.developers_can_push,
    developers_can_merge: protection.developers_can_merge,
    can_push: protection.can_push,
    default: ref.name === project.defaultBranch,
    web_url: `${projectWebUrl(project.fullPath)}/-/tree/${encodeURIComponent(ref.name)}`,
  }
}

export function tagEntity(ref: RefWithCommit, project: { fullPath: string }): TagJson {
  return {
    name: ref.name,
    message: ref.message ?? '',
    target: ref.commit.sha,
    commit: commitEntity(ref.commit, project.fullPath),
    release: null,
    protected: false,
    created_at: ref.message ? isoTime(ref.createdAt) : null,
  }
}
