// /projects/:id/pipelines (GitLab's lib/api/ci/pipelines.rb): list, one, cancel.
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { findProject } from '../projects/find'
import { pipelineBasic, pipelineDetail } from './entity'
import { z } from 'zod'
import {
  createPipelineParams,
  listPipelinesParams,
  pipelineBasicSchema,
  pipelineParams,
  pipelineSchema,
} from './schema'
import { createPipelineFromConfig } from './create'
import { validation } from '../api/errors'
import { reply } from '../api/reply'
import { callerFor, mayCreateProtected, rulesFor } from '../protected-branches/service'
import { cancelPipeline, findPipeline, listPipelines } from './service'
import type { Pipeline } from '../db'
import { userById } from '../users/find'

async function detail(p: Pipeline, projectPath: string) {
  const user = p.userId ? await userById(p.userId) : null
  return pipelineDetail(p, projectPath, user)
}

export const pipelineEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/projects/:id/pipeline',
    summary: 'Create a pipeline from the CI configuration at a ref',
    auth: 'required',
    params: createPipelineParams,
    response: { body: pipelineSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'create_pipeline')
      // GitLab's Chain::Validate::Abilities: a protected branch needs push or merge rights.
      const branch = params.ref.replace(/^refs\/heads\//, '')
      const rules = await rulesFor(project.id)
      if (!mayCreateProtected(rules, branch, await callerFor(actor, project)))
        throw validation({ base: [`Insufficient permissions for protected ref '${params.ref}'`] })
      const { pipeline, errors } = await createPipelineFromConfig({
        project,
        ref: params.ref,
        source: 'api',
        userId: actor.user.id,
        variables: (params.variables ?? []).map((v) => ({
          key: v.key,
          value: v.value ?? '',
          variable_type: v.variable_type,
        })),
      })
      if (errors.length || !pipeline) throw validation({ base: errors })
      return reply(201, await detail(pipeline, project.fullPath))
    },
  }),
  list: endpoint({
    method: 'GET',
    path: '/projects/:id/pipelines',
    summary: 'List pipelines',
    keep: true,
    auth: 'public',
    params: listPipelinesParams,
    paginated: 'offset',
    response: { body: z.array(pipelineBasicSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id, 'read_pipeline')
      return mapPage(await listPipelines(project.id, params, page), (p) => pipelineBasic(p, project.fullPath))
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id',
    summary: 'One pipeline',
    keep: true,
    auth: 'public',
    params: pipelineParams,
    response: { body: pipelineSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_pipeline')
      return detail(await findPipeline(project.id, params.pipeline_id), project.fullPath)
    },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/projects/:id/pipelines/:pipeline_id/cancel',
    summary: 'Cancel a pipeline and its unfinished jobs',
    auth: 'required',
    params: pipelineParams,
    // lib/api/ci/pipelines.rb cancel: `status 200` (a POST, but not a creation).
    response: { status: 200, body: pipelineSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'update_pipeline')
      return reply(
        200,
        await detail(await cancelPipeline(await findPipeline(project.id, params.pipeline_id)), project.fullPath),
      )
    },
  }),
}
