// GitLab's predefined CI/CD variables (Ci::Pipeline#predefined_variables and Ci::Build's): the
// pipeline-level set feeds `rules: - if:` at creation, the job-level set goes to the runner.
import { config } from '../config'
import type { Pipeline } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'

export type Variables = Record<string, string>

export interface PipelineFacts {
  ref: string
  sha: string
  tag: boolean
  source: string
  protectedRef: boolean
  id?: number
  iid?: number
}

export function pipelineVariables(project: ProjectWithNamespace, p: PipelineFacts): Variables {
  const { externalUrl, externalHost } = config()
  const vars: Variables = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_URL: externalUrl,
    CI_SERVER_HOST: externalHost,
    CI_API_V4_URL: `${externalUrl}/api/v4`,
    CI_PROJECT_ID: String(project.id),
    CI_PROJECT_NAME: project.path,
    CI_PROJECT_TITLE: project.name,
    CI_PROJECT_PATH: project.fullPath,
    CI_PROJECT_PATH_SLUG: slug(project.fullPath),
    CI_PROJECT_NAMESPACE: project.namespace.fullPath,
    CI_PROJECT_ROOT_NAMESPACE: project.namespace.fullPath.split('/')[0]!,
    CI_PROJECT_URL: `${externalUrl}/${project.fullPath}`,
    CI_PROJECT_VISIBILITY: project.visibility,
    CI_DEFAULT_BRANCH: project.defaultBranch,
    CI_CONFIG_PATH: project.ciConfigPath || '.gitlab-ci.yml',
    CI_PIPELINE_SOURCE: p.source,
    CI_COMMIT_SHA: p.sha,
    CI_COMMIT_SHORT_SHA: p.sha.slice(0, 8),
    CI_COMMIT_REF_NAME: p.ref,
    CI_COMMIT_REF_SLUG: slug(p.ref),
    CI_COMMIT_REF_PROTECTED: String(p.protectedRef),
  }
  if (p.tag) vars.CI_COMMIT_TAG = p.ref
  else vars.CI_COMMIT_BRANCH = p.ref
  if (p.id != null) {
    vars.CI_PIPELINE_ID = String(p.id)
    vars.CI_PIPELINE_URL = `${externalUrl}/${project.fullPath}/-/pipelines/${p.id}`
  }
  if (p.iid != null) vars.CI_PIPELINE_IID = String(p.iid)
  return vars
}

export function pipelineFacts(p: Pipeline, protectedRef: boolean): PipelineFacts {
  return { ref: p.ref, sha: p.sha, tag: p.tag, source: p.source, protectedRef, id: p.id, iid: p.iid }
}

/** GitLab's CI_*_SLUG: lowercased, non-alphanumerics to `-`, 63 bytes, no leading/trailing `-`. */
export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '')
}
