// The jobs API for users and tools (GitLab's lib/api/ci/jobs.rb): a project's and a pipeline's
// jobs with `scope[]`, one job, its log, cancel, retry and play; GET /job for a job's own token.
import { z } from 'zod'
import { badRequest, notFound, paramError } from '../api/errors'
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { rawReply, reply } from '../api/reply'
import { findPipeline } from '../pipelines/service'
import { findProject } from '../projects/find'
import { JOB_STATUSES } from '../runners/schema'
import { jobSchema } from './schema'
import {
  cancelJob,
  findJob,
  jobById,
  listPipelineJobs,
  listProjectJobs,
  playJob,
  presentJob,
  readTrace,
  retryJob,
} from './service'

const scope = p.optional(p.stringList())
const checkScope = (values: string[] | undefined) => {
  if (values?.some((v) => !(JOB_STATUSES as readonly string[]).includes(v)))
    throw paramError('scope does not have a valid value')
  return values
}
const jobParams = z.object({ id: p.id(), job_id: p.int() })

export const jobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/projects/:id/jobs',
    summary: "A project's jobs",
    auth: 'public',
    params: z.object({ id: p.id(), scope }),
    paginated: 'offset',
    jobToken: true,
    response: { body: z.array(jobSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id, 'read_build')
      return listProjectJobs(project.id, checkScope(params.scope), page)
    },
  }),
  listForPipeline: endpoint({
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id/jobs',
    summary: "A pipeline's jobs",
    auth: 'public',
    paginated: 'offset',
    jobToken: true,
    params: z.object({ id: p.id(), pipeline_id: p.int(), scope, include_retried: p.optional(p.bool()) }),
    response: { body: z.array(jobSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id, 'read_build')
      const pipeline = await findPipeline(project.id, params.pipeline_id)
      return listPipelineJobs(pipeline.id, checkScope(params.scope), !!params.include_retried, page)
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/projects/:id/jobs/:job_id',
    summary: 'One job',
    auth: 'public',
    params: jobParams,
    jobToken: true,
    response: { body: jobSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_build')
      return presentJob(await findJob(project.id, params.job_id))
    },
  }),
  trace: endpoint({
    method: 'GET',
    path: '/projects/:id/jobs/:job_id/trace',
    summary: "A job's log",
    auth: 'public',
    params: jobParams,
    jobToken: true,
    response: { body: null, description: 'the log as plain text' },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_build')
      const job = await findJob(project.id, params.job_id)
      return rawReply(200, new Uint8Array(await readTrace(job.id)), 'text/plain; charset=utf-8', {
        'Job-Status': job.status,
      })
    },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/projects/:id/jobs/:job_id/cancel',
    summary: 'Cancel a job',
    auth: 'required',
    params: jobParams,
    response: { body: jobSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'update_build')
      return reply(201, await presentJob(await cancelJob(await findJob(project.id, params.job_id))))
    },
  }),
  retry: endpoint({
    method: 'POST',
    path: '/projects/:id/jobs/:job_id/retry',
    summary: 'Retry a job',
    auth: 'required',
    params: jobParams,
    response: { body: jobSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'update_build')
      return reply(201, await presentJob(await retryJob(await findJob(project.id, params.job_id), actor.user.id)))
    },
  }),
  play: endpoint({
    method: 'POST',
    path: '/projects/:id/jobs/:job_id/play',
    summary: 'Run a manual job',
    auth: 'required',
    params: jobParams,
    response: { status: 200, body: jobSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'update_build')
      const job = await findJob(project.id, params.job_id)
      if (job.status !== 'manual') throw badRequest('Unplayable Job')
      return reply(200, await presentJob(await playJob(job, actor.user.id)))
    },
  }),
  current: endpoint({
    method: 'GET',
    path: '/job',
    summary: 'The job of a CI job token',
    auth: 'required',
    jobToken: true,
    response: { body: jobSchema },
    handler: async ({ actor }) => {
      // GitLab's validate_current_authenticated_job: any credential but a job token is a 404 Job.
      if (!actor.job) throw notFound('Job')
      return presentJob(await jobById(actor.job.id))
    },
  }),
}
