// Configuration from the environment (variables.ts lists every variable; the README's table is
// generated from it). Read once per process; a bad value throws ConfigError, one line naming it.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { availableParallelism } from 'node:os'
import { processState } from '../util/process-state'
import { dataDirProblem } from './data-dir'
import { parseVariables } from './variables'

export interface Config {
  port: number
  /** API processes `npm start` runs on the port (WEB_CONCURRENCY; default: the cores). */
  webConcurrency: number
  /** `host[:port]` of EXTERNAL_URL, for clone URLs and registry prefixes (parsed once). */
  externalHost: string
  dataDir: string
  databaseUrl: string
  /** PostgreSQL connections per process. */
  databasePoolSize: number
  externalUrl: string
  authSecret: string
  /** next-auth's base URL (NEXTAUTH_URL, else EXTERNAL_URL). */
  nextauthUrl: string
  /** First start: root's password (else generated) and a root token with this value (else none). */
  initialRoot: { password: string | null; token: string | null }
  apiMount: 'direct' | 'next'
  /** A cluster worker's part, as its primary set it (APP_ROLE). */
  appRole: 'api' | 'console'
  logLevel: string
  /** LOG_FILE: append the log lines to this file instead of writing them to stdout. */
  logFile: string | null
  /** Outgoing mail (`smtp://user:pass@host:port`, `smtps://…`); unset: mail goes to $DATA_DIR/outbox. */
  smtpUrl: string | null
  /** From address of outgoing mail (MAIL_FROM). */
  mailFrom: string
  /** The container registry's own API (`http://127.0.0.1:5000`); null: no registry configured. */
  registryApiUrl: string | null
  /** `host[:port]` clients push to, GitLab's `location` prefix; defaults to the API URL's. */
  registryHost: string | null
  /** `iss` of registry tokens; the registry's `auth.token.issuer` must match. */
  registryIssuer: string
  /** The `Authorization` header value the registry sends with its notifications. */
  registryNotificationSecret: string | null
  /** Addresses and ranges (`10.0.0.0/8`) of reverse proxies whose X-Forwarded-For is believed. */
  trustedProxies: string[]
  /**
   * GitLab's failed-authentication ban (gitlab.rb `rack_attack_git_basic_auth`): `maxRetry` bad
   * credentials from one address within `findTimeSeconds` refuse it for `banTimeSeconds`;
   * `allowlist` addresses are never banned. `maxRetry` 0 turns it off.
   */
  authBan: { maxRetry: number; findTimeSeconds: number; banTimeSeconds: number; allowlist: string[] }
  scheduler: { enabled: boolean; intervalMs: number }
  /** Seconds between SQLite write-lock reports (lib/db/write-lock-stats.ts); 0: off. */
  sqliteLockStatsSeconds: number
  queue: {
    workerEnabled: boolean
    concurrency: number
    pollMs: number
    heartbeatMs: number
    abandonAfterMs: number
    backoffMs: number
  }
  runnerLongPollMs: number
  usageData: { intervalMs: number; firstDelayMs: number; eventsFlushMs: number }
  /** Kept answers of repeated reads (KEEP_ANSWERS=false: every read rendered afresh). */
  keepAnswers: boolean
  /** The revision `GET /version` reports (GIT_REVISION, first 11 characters). */
  revision: string
  /** Test knobs: count queries, check answers against their declarations, crash points (NODE_ENV=test only). */
  testing: { countQueries: boolean; validateResponses: boolean; crashAt: string | null }
}

/** A variable with a value the application cannot run with; its message is one line naming it. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Configuration: ${problems.join(' · ')}`)
    this.name = 'ConfigError'
  }
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json')
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { authSecret?: string }
    if (saved.authSecret) return saved.authSecret
  }
  mkdirSync(dataDir, { recursive: true })
  const authSecret = randomBytes(32).toString('base64url')
  writeFileSync(file, JSON.stringify({ authSecret }), { mode: 0o600, flag: 'wx' })
  return authSecret
}

/**
 * One API process per core, on either database. SQLite has one writer: its transactions begin
 * IMMEDIATE (lib/db/client.ts), so a write in one process waits for another process's commit
 * within busy_timeout instead of failing when its read snapshot went stale.
 */
const defaultConcurrency = () => availableParallelism()

function load(): Config {
  const parsed = parseVariables(process.env)
  if (!parsed.ok) throw new ConfigError(parsed.problems)
  const v = parsed.values
  // Runtime paths: tell Turbopack not to trace the project from them.
  const dataDir = path.resolve(/* turbopackIgnore: true */ v.dataDir)
  const unwritable = dataDirProblem(dataDir)
  if (unwritable) throw new ConfigError([unwritable])
  const databaseUrl = v.databaseUrl ?? `file:${path.join(dataDir, 'console.db')}`
  const externalUrl = v.externalUrl ?? `http://localhost:${v.port}`
  let authSecret = v.authSecret ?? v.nextauthSecret
  if (!authSecret) {
    try {
      authSecret = persistentSecret(dataDir)
    } catch {
      // Two processes racing to create the file: the other one won, read its secret.
      authSecret = persistentSecret(dataDir)
    }
  }
  return {
    port: v.port,
    webConcurrency: v.webConcurrency ?? defaultConcurrency(),
    externalHost: new URL(externalUrl).host,
    dataDir,
    databaseUrl,
    databasePoolSize: v.databasePoolSize,
    externalUrl,
    authSecret,
    nextauthUrl: v.nextauthUrl ?? externalUrl,
    initialRoot: { password: v.initialRootPassword, token: v.initialRootToken },
    apiMount: v.apiMount,
    appRole: v.appRole,
    // NODE_ENV is the build's mode (Next and esbuild inline it), not an operator's setting.
    logLevel: v.logLevel ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFile: v.logFile,
    smtpUrl: v.smtpUrl,
    mailFrom: v.mailFrom ?? `GitLab <gitlab@${new URL(externalUrl).hostname}>`,
    registryApiUrl: v.registryApiUrl,
    registryHost: v.registryHost ?? (v.registryApiUrl && new URL(v.registryApiUrl).host),
    registryIssuer: v.registryIssuer,
    registryNotificationSecret: v.registryNotificationSecret,
    trustedProxies: v.trustedProxies,
    // GitLab's defaults for rack_attack.git_basic_auth (10 tries a minute, banned an hour, the
    // loopback address exempt); GitLab leaves the ban off, here it is on.
    authBan: {
      maxRetry: v.authBanMaxRetry,
      findTimeSeconds: v.authBanFindTime,
      banTimeSeconds: v.authBanTime,
      allowlist: v.authBanAllowlist,
    },
    scheduler: { enabled: v.schedulerEnabled, intervalMs: v.schedulerIntervalMs },
    sqliteLockStatsSeconds: v.sqliteLockStatsSeconds,
    queue: {
      workerEnabled: v.queueWorkerEnabled,
      concurrency: v.queueConcurrency,
      pollMs: v.queuePollMs,
      heartbeatMs: v.queueHeartbeatMs,
      abandonAfterMs: v.queueAbandonAfterMs,
      backoffMs: v.queueBackoffMs,
    },
    runnerLongPollMs: v.runnerLongPollSeconds * 1000,
    usageData: {
      intervalMs: v.usageDataIntervalMs,
      firstDelayMs: v.usageDataFirstDelayMs,
      eventsFlushMs: v.usageEventsFlushMs,
    },
    keepAnswers: v.keepAnswers,
    revision: v.gitRevision?.slice(0, 11) ?? 'unknown',
    testing: {
      countQueries: v.countQueries,
      validateResponses: v.validateResponses,
      crashAt: process.env.NODE_ENV === 'test' ? v.crashAt : null,
    },
  }
}

// Process state: Next's bundle and the custom server's bundle run in one process.
const g = processState('config', () => ({ config: undefined as Config | undefined }))
export function config(): Config {
  return (g.config ??= load())
}
/** Tests change the environment between suites. */
export function resetConfig(): void {
  g.config = undefined
}
