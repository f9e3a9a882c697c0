// GitLab's health checks: /-/health (process up), /-/liveness, /-/readiness (database reachable).
// Plain answers, not Web Responses: load balancers poll these, and the bench's constant-JSON probe
// (/-/liveness) measures the direct mount's own cost with them.
import type { Answer } from '../api/dispatch'
import { pingDatabase } from '../db'

const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

export async function healthCheck(pathname: string): Promise<Answer | null> {
  if (pathname === '/-/health') return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'GitLab OK' }
  if (pathname === '/-/liveness') return json(200, { status: 'ok' })
  if (pathname === '/-/readiness') {
    try {
      await pingDatabase()
      return json(200, { status: 'ok', master_check: [{ status: 'ok' }], db_check: [{ status: 'ok' }] })
    } catch {
      return json(503, {
        status: 'failed',
        master_check: [{ status: 'ok' }],
        db_check: [{ status: 'failed', message: 'database unreachable' }],
      })
    }
  }
  return null
}
