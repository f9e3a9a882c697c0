// CI job tokens (CI_JOB_TOKEN): a running job's token authenticates the runner protocol's job
// calls and, on endpoints that accept it, API calls as the job's user limited to the job's
// project. Once the job finishes, the token stops working. Stored as a digest.
import { ApiError, forbidden, unauthorized } from '../api/errors'
import type { Params } from '../api/params'
import type { Actor } from '../auth/actor'
import { publicUser } from '../auth/authenticate'
import { digestToken } from '../auth/token-digest'
import { findOneFast } from '../db'
import type { Job } from '../db'
import { userByIdFast } from '../users/by-id-fast'
import { safeEqual } from '../util/safe-equal'
import type { ApiRequest, RequestHeaders } from '../api/request'

export function jobTokenOf(headers: RequestHeaders, params: Params): string | null {
  const header = headers.get('job-token')
  if (header) return header
  for (const key of ['token', 'job_token']) if (typeof params[key] === 'string' && params[key]) return params[key]
  return null
}

/** The API actor of a JOB-TOKEN / job_token credential (null when none is sent; 401 when stale). */
export async function jobTokenActor(req: ApiRequest, params: Params): Promise<Actor | null> {
  const plain = req.headers.get('job-token') ?? (typeof params.job_token === 'string' ? params.job_token : null)
  if (!plain) return null
  const actor = await actorForJobToken(plain)
  if (!actor) throw unauthorized()
  return actor
}

/** The actor of a running job's token (also the registry's `gitlab-ci-token` password); null when stale or unknown. */
export async function actorForJobToken(plain: string): Promise<Actor | null> {
  const job = await findOneFast('Job', 'tokenDigest', digestToken(plain))
  if (!job || job.status !== 'running' || !job.userId) return null
  const user = await userByIdFast(job.userId)
  if (!user || user.state !== 'active') return null
  return { user: publicUser(user), token: null, via: 'job', job: { id: job.id, projectId: job.projectId } }
}

/**
 * The job of a runner's PUT/PATCH (GitLab's authenticate_job!): 403 for a wrong token, and 403
 * "Job is not processing on runner" with Job-Status once it is no longer running, so the runner
 * stops (e.g. after a user canceled it).
 */
export async function authenticateJob(id: number, token: string | null): Promise<Job> {
  if (!token) throw forbidden()
  const job = await findOneFast('Job', 'id', id)
  if (!job || !job.tokenDigest || !safeEqual(job.tokenDigest, digestToken(token))) throw forbidden()
  if (job.status !== 'running')
    throw new ApiError(
      403,
      { message: '403 Forbidden - Job is not processing on runner' },
      { 'Job-Status': job.status },
    )
  return job
}
