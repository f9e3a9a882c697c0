// Pipeline creation from the CI configuration (GitLab's Ci::CreatePipelineService chain), in two
// steps so the reads happen outside the caller's transaction: `preparePipeline` resolves the ref,
// reads `.gitlab-ci.yml` at its commit, parses it and plans the jobs; `insertPipeline` writes the
// pipeline and its jobs and processes it (first stage pending) in one transaction.
//
// As GitLab: no ref → "Reference not found", no configuration file → "Missing CI config file",
// workflow/rules leaving nothing to run → their message; none of these persists a pipeline. An
// invalid configuration persists a `failed` pipeline with `yaml_errors` and failure reason
// `config_error`, so a schedule's broken configuration is visible rather than hanging.
import { getDb, type Prisma } from '../db'
import type { Pipeline } from '../db'
import { parseCiConfig } from '../ci-config/parse'
import { planJobs, type PlannedJob } from '../ci-config/plan'
import { pipelineVariables } from '../ci-config/predefined'
import { variablesForPipeline } from '../ci-variables/service'
import type { ProjectWithNamespace } from '../projects/entity'
import { nextInternalId } from '../internal-ids/service'
import { branchProtection, rulesFor } from '../protected-branches/service'
import { findRef } from '../repository/refs'
import { readFileAtRef } from '../repository-files/service'
import { processPipeline } from './process'

export interface PipelineRequest {
  project: ProjectWithNamespace
  /** A branch or tag name, or `refs/heads/…` / `refs/tags/…`. */
  ref: string
  source: string
  userId: number | null
  scheduleId?: number | null
  /** Variables given for this pipeline (schedule, API, trigger): they win over every other kind. */
  variables?: { key: string; value: string; variable_type?: string }[]
}

export type Prepared =
  | { kind: 'error'; errors: string[] }
  | { kind: 'config_error'; base: Base; errors: string[] }
  | { kind: 'ok'; base: Base; jobs: PlannedJob[] }

interface Base {
  projectId: number
  ref: string
  sha: string
  tag: boolean
  source: string
  userId: number | null
  scheduleId: number | null
  protectedRef: boolean
  variables: string
}

export const MISSING_CONFIG = 'Missing CI config file'

async function resolve(projectId: number, ref: string) {
  if (ref.startsWith('refs/heads/'))
    return { name: ref.slice(11), tag: false, found: await findRef(projectId, 'branch', ref.slice(11)) }
  if (ref.startsWith('refs/tags/'))
    return { name: ref.slice(10), tag: true, found: await findRef(projectId, 'tag', ref.slice(10)) }
  const branch = await findRef(projectId, 'branch', ref)
  if (branch) return { name: ref, tag: false, found: branch }
  return { name: ref, tag: true, found: await findRef(projectId, 'tag', ref) }
}

export async function preparePipeline(req: PipelineRequest): Promise<Prepared> {
  const { project } = req
  const { name, tag, found } = await resolve(project.id, req.ref)
  if (!found) return { kind: 'error', errors: ['Reference not found'] }
  const protectedRef = !tag && branchProtection(await rulesFor(project.id), name, null, false).protected
  const given = req.variables ?? []
  const base: Base = {
    projectId: project.id,
    ref: name,
    sha: found.commit.sha,
    tag,
    source: req.source,
    userId: req.userId,
    scheduleId: req.scheduleId ?? null,
    protectedRef,
    variables: JSON.stringify(
      given.map((v) => ({ key: v.key, value: v.value, variable_type: v.variable_type ?? 'env_var' })),
    ),
  }
  const file = await readFileAtRef(project.id, found.commit.sha, project.ciConfigPath || '.gitlab-ci.yml')
  if (!file) return { kind: 'error', errors: [MISSING_CONFIG] }
  const parsed = parseCiConfig(file.content.toString('utf8'))
  if (!parsed.valid) return { kind: 'config_error', base, errors: parsed.errors }
  const vars = {
    ...pipelineVariables(project, { ref: name, sha: found.commit.sha, tag, source: req.source, protectedRef }),
    ...Object.fromEntries((await variablesForPipeline(project, protectedRef)).map((v) => [v.key, v.value])),
    ...Object.fromEntries(given.map((v) => [v.key, v.value])),
  }
  const plan = planJobs(parsed.config, vars, treePaths(file.commit.tree))
  if (!plan.ok) return { kind: 'error', errors: [plan.error] }
  return { kind: 'ok', base, jobs: plan.jobs }
}

function treePaths(tree: string): string[] {
  try {
    return (JSON.parse(tree) as { path: string }[]).map((e) => e.path)
  } catch {
    return []
  }
}

/** Writes a prepared pipeline (null for `error`); runs in `tx` when given. */
export async function insertPipeline(prepared: Prepared, tx?: Prisma.TransactionClient): Promise<Pipeline | null> {
  if (prepared.kind === 'error') return null
  const run = async (t: Prisma.TransactionClient) => {
    const { base } = prepared
    const data = {
      iid: await nextInternalId(t, 'ci_pipelines', base.projectId),
      projectId: base.projectId,
      ref: base.ref,
      sha: base.sha,
      tag: base.tag,
      source: base.source,
      userId: base.userId,
      scheduleId: base.scheduleId,
      variables: base.variables,
    }
    if (prepared.kind === 'config_error') {
      const now = new Date()
      return t.pipeline.create({
        data: {
          ...data,
          status: 'failed',
          yamlErrors: prepared.errors.join(', '),
          failureReason: 'config_error',
          finishedAt: now,
        },
      })
    }
    const pipeline = await t.pipeline.create({
      data: {
        ...data,
        status: 'created',
        jobs: {
          create: prepared.jobs.map((j) => ({
            projectId: base.projectId,
            name: j.name,
            stage: j.stage,
            stageIdx: j.stageIdx,
            status: 'created',
            when: j.when,
            allowFailure: j.allowFailure,
            tags: JSON.stringify(j.tags),
            options: JSON.stringify(j.spec),
            protected: base.protectedRef,
            userId: base.userId,
          })),
        },
      },
    })
    await processPipeline(pipeline.id, t)
    return t.pipeline.findUniqueOrThrow({ where: { id: pipeline.id } })
  }
  return tx ? run(tx) : (await getDb()).$transaction(run)
}

/** Prepare + insert; the result says what GitLab's service would answer. */
export async function createPipelineFromConfig(
  req: PipelineRequest,
): Promise<{ pipeline: Pipeline | null; errors: string[] }> {
  const prepared = await preparePipeline(req)
  const pipeline = await insertPipeline(prepared)
  return { pipeline, errors: prepared.kind === 'ok' ? [] : prepared.errors }
}
