// GitLab's /-/metrics (Prometheus text), answered only to loopback callers as GitLab's default
// monitoring allow-list (127.0.0.0/8, ::1) does. The bench reads the database write counter from it
// to show that idle runner polls write nothing.
import { queryCount, writeGeneration } from '../db'

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

export function metricsResponse(ip: string | null | undefined): Response {
  if (!ip || !LOOPBACK.test(ip)) return new Response('Not Found', { status: 404 })
  const lines = [
    '# HELP app_db_writes_total Writes this process sent through Prisma.',
    '# TYPE app_db_writes_total counter',
    `app_db_writes_total ${writeGeneration()}`,
    '# HELP app_db_queries_total Queries this process sent (counted only with DB_COUNT_QUERIES=1).',
    '# TYPE app_db_queries_total counter',
    `app_db_queries_total ${queryCount()}`,
    '',
  ]
  return new Response(lines.join('\n'), { status: 200, headers: { 'Content-Type': 'text/plain; version=0.0.4' } })
}
