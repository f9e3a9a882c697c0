// The runner protocol's credential: the runner authentication token (`glrt-…`) sent as the body
// parameter `token`. An unknown or expired token is GitLab's 403 (never 401: runners have no user).
// Read through a prepared statement: every job poll starts here.
import { forbidden } from '../api/errors'
import { digestToken, newTokenValue } from '../auth/token-digest'
import { findOneFast, getDb } from '../db'
import type { Runner } from '../db'
import { namespaceByIdUncached } from '../groups/namespace-fast'

/** A new runner authentication token: GitLab's `glrt-` prefix and 20+ url-safe characters. */
export const newRunnerToken = () => newTokenValue('glrt-')

/** The runner a protocol call's `token` belongs to, or GitLab's 403. */
export async function authenticateRunner(token: unknown): Promise<Runner> {
  if (typeof token !== 'string' || !token) throw forbidden()
  const runner = await findOneFast('Runner', 'tokenDigest', digestToken(token))
  if (!runner) throw forbidden()
  if (runner.tokenExpiresAt && runner.tokenExpiresAt.getTime() <= Date.now()) throw forbidden()
  return runner
}

/** Which projects' jobs a runner may take (before tags, protection and paused are considered). */
export type RunnerScope =
  { kind: 'instance' } | { kind: 'group'; traversalIds: string } | { kind: 'projects'; projectIds: number[] }

export async function runnerScope(runner: Runner): Promise<RunnerScope> {
  if (runner.runnerType === 'instance_type') return { kind: 'instance' }
  if (runner.runnerType === 'group_type') {
    const group = runner.groupId ? await namespaceByIdUncached(runner.groupId) : null
    return group ? { kind: 'group', traversalIds: group.traversalIds } : { kind: 'projects', projectIds: [] }
  }
  const db = await getDb()
  const links = await db.runnerProject.findMany({ where: { runnerId: runner.id }, select: { projectId: true } })
  return { kind: 'projects', projectIds: links.map((l) => l.projectId) }
}
