// /projects/:id/pipelines (GitLab's lib/api/ci/pipelines.rb): list, one, cancel.
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { getDb } from '../db'
import { findProject } from '../projects/find'
import { pipelineBasic, pipelineDetail } from './entity'
import { listPipelinesParams, pipelineParams } from './schema'
import { cancelPipeline, findPipeline, listPipelines } from './service'
import type { Pipeline } from '../db/generated/sqlite/client'

async function detail(p: Pipeline, projectPath: string) {
  const user = p.userId ? await (await getDb()).user.findUnique({ where: { id: p.userId } }) : null
  return pipelineDetail(p, projectPath, user)
}

export const pipelineEndpoints = [
  endpoint({
    method: 'GET',
    path: '/projects/:id/pipelines',
    summary: 'List pipelines',
    auth: 'public',
    params: listPipelinesParams,
    paginated: 'offset',
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id, 'read_pipeline')
      return mapPage(await listPipelines(project.id, params, page), (p) => pipelineBasic(p, project.fullPath))
    },
  }),
  endpoint({
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id',
    summary: 'One pipeline',
    auth: 'public',
    params: pipelineParams,
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_pipeline')
      return detail(await findPipeline(project.id, params.pipeline_id), project.fullPath)
    },
  }),
  endpoint({
    method: 'POST',
    path: '/projects/:id/pipelines/:pipeline_id/cancel',
    summary: 'Cancel a pipeline and its unfinished jobs',
    auth: 'required',
    params: pipelineParams,
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'update_pipeline')
      return detail(await cancelPipeline(await findPipeline(project.id, params.pipeline_id)), project.fullPath)
    },
  }),
]
