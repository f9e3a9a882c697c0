// GitLab's /-/metrics (Prometheus text), answered only to loopback callers as GitLab's default
// monitoring allow-list (127.0.0.0/8, ::1) does. It lists every process counter (util/process-state.ts):
// the bench reads the database write counter to show that idle runner polls write nothing.
import '../db' // registers the database counters, so they are listed before their first use
import { counters } from '../util/process-state'

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

export function metricsResponse(ip: string | null | undefined): Response {
  if (!ip || !LOOPBACK.test(ip)) return new Response('Not Found', { status: 404 })
  const lines = counters().flatMap((c) => [
    `# HELP ${c.name} ${c.help}`,
    `# TYPE ${c.name} counter`,
    `${c.name} ${c.value}`,
  ])
  return new Response([...lines, ''].join('\n'), {
    status: 200,
    headers: { 'Content-Type': 'text/plain; version=0.0.4' },
  })
}
