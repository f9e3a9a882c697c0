// How the admin overview judges mail, the container registry and background work: facts in, a state
// and the one line that says why out. Pure, so every state is table-tested without a broken SMTP
// server or a dead registry.
import type { MailDeliveryStats } from '../mail'
import type { RegistryPing } from '../container-registry/client'
import type { QueueHealthFacts } from '../queue/health'

/** ok / warn / bad, or `off` for a part this instance deliberately runs without (no registry). */
export type HealthState = 'ok' | 'warn' | 'bad' | 'off'

export interface Health {
  state: HealthState
  reason: string
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export interface MailFacts {
  smtpConfigured: boolean
  /** Messages kept in $DATA_DIR/outbox (only written while SMTP is not configured). */
  outboxSize: number
  deliveries: Readonly<MailDeliveryStats>
}

export function mailHealth({ smtpConfigured, outboxSize, deliveries: d }: MailFacts): Health {
  if (!smtpConfigured)
    return {
      state: 'warn',
      reason: `No SMTP server (SMTP_URL): mail is not delivered; ${plural(outboxSize, 'message')} kept in the outbox.`,
    }
  const { lastFailure, lastSentAt } = d
  if (lastFailure && (!lastSentAt || lastFailure.at >= lastSentAt))
    return {
      state: 'bad',
      reason: `The last delivery failed (${lastFailure.error}); ${plural(d.failed, 'failure')} since start.`,
    }
  if (d.failed > 0)
    return {
      state: 'warn',
      reason: `${plural(d.failed, 'delivery', 'deliveries')} failed since start; the latest went out.`,
    }
  return {
    state: 'ok',
    reason: d.sent
      ? `SMTP: ${plural(d.sent, 'message')} sent since start, none failed.`
      : 'SMTP configured; nothing sent since start.',
  }
}

export function registryHealth(apiUrl: string | null, ping: RegistryPing | null): Health {
  if (!apiUrl || !ping)
    return { state: 'off', reason: 'Not configured (REGISTRY_API_URL): projects have no container images.' }
  const host = new URL(apiUrl).host
  if (!ping.reachable) return { state: 'bad', reason: `${host} is unreachable: ${ping.error}.` }
  if (ping.status === 200) return { state: 'ok', reason: `${host} answers in ${ping.ms} ms.` }
  if (ping.status === 401)
    return {
      state: 'bad',
      reason: `${host} refuses this server's tokens (401): check its auth.token issuer and certificate.`,
    }
  return { state: 'warn', reason: `${host} answered ${ping.status} to its base call.` }
}

/** "2 workers alive (web-1)": how many, and on which hosts. */
function workersAlive(workers: QueueHealthFacts['workers']): string {
  const hosts = [...new Set(workers.map((w) => w.host))]
  return `${plural(workers.length, 'worker')} alive (${hosts.join(', ')})`
}

export function backgroundHealth(f: QueueHealthFacts): Health {
  const counts = `${f.pending} waiting, ${f.running} running`
  const alive = f.workers.length ? workersAlive(f.workers) : 'no worker alive'
  if (f.overdue > 0)
    return {
      state: 'bad',
      reason: `${plural(f.overdue, 'task')} waiting over ${Math.round(f.overdueAfterMs / 60_000)} min past their time (${alive}).`,
    }
  if (f.stale > 0)
    return {
      state: 'warn',
      reason: `${plural(f.stale, 'running task')} without a heartbeat: their worker may have died (${counts}; ${alive}).`,
    }
  if (f.recentlyFailed > 0)
    return {
      state: 'warn',
      reason: `${plural(f.recentlyFailed, 'task')} failed in the last 24 hours (${counts}; ${alive}).`,
    }
  // Workers heartbeat into the database whether busy or idle: none means no process runs one.
  if (!f.workers.length)
    return {
      state: 'warn',
      reason: `No queue worker alive in any process (QUEUE_WORKER_ENABLED=false everywhere?); ${counts}.`,
    }
  return { state: 'ok', reason: `${counts}; ${alive}.` }
}
