// GitLab's health checks: /-/health (process up), /-/liveness, /-/readiness (database reachable).
import { getDb } from '../db'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export async function healthCheck(pathname: string): Promise<Response | null> {
  if (pathname === '/-/health') return new Response('GitLab OK', { status: 200, headers: { 'Content-Type': 'text/plain' } })
  if (pathname === '/-/liveness') return json(200, { status: 'ok' })
  if (pathname === '/-/readiness') {
    try {
      const db = await getDb()
      await db.$queryRawUnsafe('SELECT 1')
      return json(200, { status: 'ok', master_check: [{ status: 'ok' }], db_check: [{ status: 'ok' }] })
    } catch {
      return json(503, { status: 'failed', master_check: [{ status: 'ok' }], db_check: [{ status: 'failed', message: 'database unreachable' }] })
    }
  }
  return null
}
