// Configuration from the environment (README has the table). Read once per process.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { processState } from '../runtime/state'

export interface Config {
  port: number
  /** API processes `npm start` runs on the port (WEB_CONCURRENCY; default: the cores). */
  webConcurrency: number
  /** `host[:port]` of EXTERNAL_URL, for clone URLs and registry prefixes (parsed once). */
  externalHost: string
  dataDir: string
  databaseUrl: string
  externalUrl: string
  authSecret: string
  logLevel: string
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
}

/**
 * A comma- or space-separated list of IP addresses and CIDR ranges. A wrong entry stops the start
 * (config is read at start-up) rather than silently trusting or banning the wrong clients.
 */
function addressList(name: string, value: string | undefined, fallback: string): string[] {
  const entries = (value ?? fallback).split(/[\s,]+/).filter(Boolean)
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 6 ? 128 : 32
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits)
    if (!family || !okBits || extra !== undefined) throw new Error(`${name}: "${entry}" is not an IP address or CIDR range`)
  }
  return entries
}

function positive(name: string, value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? fallback : Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name}: "${value ?? ''}" is not a whole number of 0 or more`)
  return n
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
  const env = process.env
  const port = Number(env.PORT ?? 3000)
  // Runtime paths: tell Turbopack not to trace the project from them.
  const dataDir = path.resolve(/* turbopackIgnore: true */ env.DATA_DIR ?? './data')
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dataDir, 'console.db')}`
  const externalUrl = (env.EXTERNAL_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  let authSecret = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET
  if (!authSecret) {
    try {
      authSecret = persistentSecret(dataDir)
    } catch {
      // Two processes racing to create the file: the other one won, read its secret.
      authSecret = persistentSecret(dataDir)
    }
  }
  const registryApiUrl = env.REGISTRY_API_URL?.replace(/\/+$/, '') || null
  return {
    port,
    webConcurrency: Math.max(1, Math.floor(Number(env.WEB_CONCURRENCY ?? defaultConcurrency())) || 1),
    externalHost: new URL(externalUrl).host,
    dataDir,
    databaseUrl,
    externalUrl,
    authSecret,
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? `GitLab <gitlab@${new URL(externalUrl).hostname}>`,
    registryApiUrl,
    registryHost: env.REGISTRY_HOST || (registryApiUrl && new URL(registryApiUrl).host),
    registryIssuer: env.REGISTRY_ISSUER || 'gitlab-issuer',
    registryNotificationSecret: env.REGISTRY_NOTIFICATION_SECRET || null,
    trustedProxies: addressList('TRUSTED_PROXIES', env.TRUSTED_PROXIES, ''),
    // GitLab's defaults for rack_attack.git_basic_auth (10 tries a minute, banned an hour, the
    // loopback address exempt); GitLab leaves the ban off, here it is on.
    authBan: {
      maxRetry: positive('AUTH_BAN_MAX_RETRY', env.AUTH_BAN_MAX_RETRY, 10),
      findTimeSeconds: Math.max(1, positive('AUTH_BAN_FIND_TIME', env.AUTH_BAN_FIND_TIME, 60)),
      banTimeSeconds: Math.max(1, positive('AUTH_BAN_TIME', env.AUTH_BAN_TIME, 3600)),
      allowlist: addressList('AUTH_BAN_ALLOWLIST', env.AUTH_BAN_ALLOWLIST, '127.0.0.1,::1'),
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
