// The runner protocol's job calls (GitLab's lib/api/ci/runner.rb): request a job (201 with the
// payload, or 204 with X-GitLab-Last-Update, long-polling while nothing changes), update its
// state, append its log. Idle polls read only: authentication and contact are served from
// prepared statements and the coalesced heartbeat.
import { z } from 'zod'
import { ApiError } from '../api/errors'
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { rawReply, reply } from '../api/reply'
import { pipelineRow } from '../pipelines/service'
import { projectRow } from '../projects/find'
import { must } from '../util/defined'
import { freshQueueVersion, queueVersion, waitForQueued } from '../pipelines/queue-signal'
import { authenticateRunner } from '../runners/authenticate'
import { noteRunnerContact } from '../runners/heartbeat'
import { authenticateJob, jobTokenOf } from './job-token'
import { FAILURE_REASONS, jobPayload } from './payload'
import { claimJob, queueLookKey } from './queue'
import { jobPayloadSchema } from './schema'
import { finishJob, keepJobAlive } from './service'
import { appendTrace } from './trace'
import { config } from '../config'

/** How long a poll that already saw the current queue waits for a job (GitLab: Workhorse long polling). */
/** While waiting, the queue is re-read this often to see other processes' jobs. */
const RECHECK_MS = 2000
const TRACE_UPDATE_INTERVAL = '3'

const requestParams = z.object({
  token: p.string(),
  system_id: p.optional(p.string()),
  last_update: p.optional(p.string()),
  info: p.optional(z.record(z.string(), z.unknown())),
  session: p.optional(z.record(z.string(), z.unknown())),
})

const updateParams = z.object({
  id: p.int(),
  token: p.optional(p.string()),
  state: p.optional(p.enum(['running', 'success', 'failed'])),
  checksum: p.optional(p.string()),
  failure_reason: p.optional(p.string()),
  exit_code: p.optional(p.int()),
  output: p.optional(z.record(z.string(), z.unknown())),
})

const noJob = () => reply(204, undefined, { 'X-GitLab-Last-Update': queueVersion() })

export const jobProtocolEndpoints = {
  request: endpoint({
    method: 'POST',
    path: '/jobs/request',
    summary: 'Request a job (runner protocol)',
    auth: 'public',
    params: requestParams,
    tags: ['runner protocol'],
    response: {
      status: [201, 204],
      body: jobPayloadSchema,
      description: 'a job (201), or 204 with X-GitLab-Last-Update when there is none',
    },
    handler: async ({ params, request }) => {
      let runner = await authenticateRunner(params.token)
      const { managerId } = await noteRunnerContact(runner, {
        systemId: params.system_id,
        ip: request.ip,
        info: params.info ?? null,
      })
      if (runner.paused) return noJob()
      const seen = params.last_update
      let looked = queueLookKey(runner, queueVersion())
      let claimed = await claimJob(runner, managerId)
      if (!claimed && seen && seen === queueVersion()) {
        const deadline = Date.now() + config().runnerLongPollMs
        while (!claimed && Date.now() < deadline) {
          const signalled = await waitForQueued(Math.min(RECHECK_MS, deadline - Date.now()))
          // The change check first: the runner is then read as of it (revoked or paused meanwhile).
          const version = await freshQueueVersion()
          runner = await authenticateRunner(params.token)
          if (runner.paused) return noJob()
          // Read the queue again only when jobs became pending or the runner changed since the last
          // look (or this process was told so): idle polls then cost no query but the shared
          // stamp check. A runner newly assigned to a project finds its jobs at the next poll.
          const now = queueLookKey(runner, version)
          if (!signalled && now === looked && !now.startsWith('local-')) continue
          looked = now
          claimed = await claimJob(runner, managerId)
        }
      }
      if (!claimed) return noJob()
      const [pipeline, project] = await Promise.all([
        pipelineRow(claimed.job.pipelineId),
        projectRow(claimed.job.projectId),
      ])
      return reply(
        201,
        await jobPayload(
          claimed.job,
          claimed.token,
          must(pipeline, 'claimed job pipeline'),
          must(project, 'claimed job project'),
          runner,
        ),
      )
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/jobs/:id',
    summary: "Update a job's state (runner protocol)",
    auth: 'public',
    params: updateParams,
    tags: ['runner protocol'],
    response: { body: null, description: 'text/plain with Job-Status and X-GitLab-Trace-Update-Interval headers' },
    handler: async ({ params, request, raw }) => {
      const job = await authenticateJob(params.id, jobTokenOf(request.headers, raw))
      let status = job.status
      // A keep-alive (state running) marks the job as heard from, at most once a minute.
      if (!params.state || params.state === 'running') {
        await keepJobAlive(job)
      }
      if (params.state === 'success' || params.state === 'failed') {
        const reason =
          params.state === 'failed'
            ? (FAILURE_REASONS as readonly string[]).includes(params.failure_reason ?? '')
              ? params.failure_reason!
              : 'unknown_failure'
            : null
        status = await finishJob(job, params.state, params.exit_code ?? null, reason)
      }
      return rawReply(200, '200', 'text/plain', {
        'Job-Status': status,
        'X-GitLab-Trace-Update-Interval': TRACE_UPDATE_INTERVAL,
      })
    },
  }),
  appendTrace: endpoint({
    method: 'PATCH',
    path: '/jobs/:id/trace',
    summary: "Append to a job's log (runner protocol)",
    auth: 'public',
    rawBody: true,
    tags: ['runner protocol'],
    params: z.object({ id: p.int(), token: p.optional(p.string()), debug_trace: p.optional(p.bool()) }),
    response: {
      status: 202,
      body: null,
      description: 'empty, with Job-Status, Range and X-GitLab-Trace-Update-Interval headers',
    },
    handler: async ({ params, request, raw, body }) => {
      const job = await authenticateJob(params.id, jobTokenOf(request.headers, raw))
      const range = request.headers.get('content-range')
      // Grape's error!(string), not render_api_error!: GitLab answers these two in the `{"error": …}` shape.
      if (!range) throw new ApiError(400, { error: '400 Missing header Content-Range' })
      const m = /^(?:bytes )?(\d+)-(\d+)?/.exec(range.trim())
      const start = m ? Number(m[1]) : NaN
      const result = await appendTrace(job, start, body ?? new Uint8Array())
      if (!result.ok) throw new ApiError(416, { error: '416 Range Not Satisfiable' }, { Range: `0-${result.size}` })
      return rawReply(202, '', 'text/plain', {
        'Job-Status': job.status,
        Range: `0-${result.size}`,
        'X-GitLab-Trace-Update-Interval': TRACE_UPDATE_INTERVAL,
      })
    },
  }),
}
