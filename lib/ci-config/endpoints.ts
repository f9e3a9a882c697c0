// CI lint (GitLab's lib/api/lint.rb): validate given content (POST) or the project's configuration
// at a ref (GET), with GitLab's Lint::Result entity.
import { parse as parseYaml, stringify } from 'yaml'
import { z } from 'zod'
import { notFound } from '../api/errors'
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { reply } from '../api/reply'
import { findProject } from '../projects/find'
import { readFileAtRef } from '../repository-files/service'
import { resolveRef } from '../repository/refs'
import { parseCiConfig, type JobConfig } from './parse'
import { lintResultSchema, type LintJobJson, type LintResultJson } from './schema'

function jobEntity(j: JobConfig): LintJobJson {
  return {
    name: j.name,
    stage: j.stage,
    before_script: j.beforeScript,
    script: j.script,
    after_script: j.afterScript,
    tag_list: j.tags,
    environment: null,
    when: j.when,
    allow_failure: j.allowFailure,
    only: null,
    except: null,
    needs: null,
  }
}

/** Gitlab::Ci::Lint result as Entities::Ci::Lint::Result presents it. */
export function lintResult(content: string, includeJobs: boolean): LintResultJson {
  const parsed = parseCiConfig(content)
  const body: LintResultJson = {
    valid: parsed.valid,
    errors: parsed.errors,
    warnings: [],
    merged_yaml: parsed.valid ? stringify(parseYaml(content, { uniqueKeys: false })) : null,
    includes: parsed.valid ? [] : null,
  }
  if (includeJobs) body.jobs = parsed.valid ? parsed.config.jobs.map(jobEntity) : []
  return body
}

const postParams = z.object({
  id: p.id(),
  content: p.string(),
  dry_run: p.optional(p.bool()),
  include_jobs: p.optional(p.bool()),
  ref: p.optional(p.string()),
})
const getParams = z.object({
  id: p.id(),
  sha: p.optional(p.string()),
  content_ref: p.optional(p.string()),
  dry_run: p.optional(p.bool()),
  dry_run_ref: p.optional(p.string()),
  include_jobs: p.optional(p.bool()),
})

export const ciConfigEndpoints = {
  lint: endpoint({
    method: 'POST',
    path: '/projects/:id/ci/lint',
    summary: 'Validate CI/CD configuration content',
    auth: 'required',
    params: postParams,
    response: { status: 200, body: lintResultSchema },
    handler: async ({ actor, params }) => {
      await findProject(actor, params.id, 'create_pipeline')
      return reply(200, lintResult(params.content, !!params.include_jobs))
    },
  }),
  lintAtRef: endpoint({
    method: 'GET',
    path: '/projects/:id/ci/lint',
    summary: "Validate the project's CI/CD configuration at a ref",
    // lib/api/lint.rb: no authenticate!, only authorize_read_code! — anyone who may read the code.
    auth: 'public',
    params: getParams,
    response: { body: lintResultSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_code')
      const ref = params.content_ref ?? params.sha ?? project.defaultBranch
      if (!(await resolveRef(project.id, ref))) throw notFound('Commit')
      const file = await readFileAtRef(project.id, ref, project.ciConfigPath || '.gitlab-ci.yml')
      return lintResult(file ? file.content.toString('utf8') : '', !!params.include_jobs)
    },
  }),
}
