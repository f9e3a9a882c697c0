// Every environment variable the application reads, in one table: its parser (zod), its default and
// what it means. config() parses them all at once (a bad value stops the start with one line naming
// it) and the README's configuration table is generated from here (`npm run gen:config-docs`; a unit
// test fails when the README differs). Nothing else reads process.env: add a variable here.
import { isIP } from 'node:net'
import { z } from 'zod'

export interface Variable<T = unknown> {
  name: string
  /** The default as the README shows it. */
  shown: string
  meaning: string
  schema: z.ZodType<T, string | undefined>
  /** Test and internal knobs: listed in a separate README table. */
  internal?: boolean
}

const variable = <T>(
  name: string,
  shown: string,
  schema: z.ZodType<T, string | undefined>,
  meaning: string,
  internal = false,
): Variable<T> => ({
  name,
  shown,
  meaning,
  schema,
  internal,
})

/** An unset or empty variable takes its default. */
const unsetOr = <T>(dflt: T, parse: z.ZodType<T, string>): z.ZodType<T, string | undefined> =>
  z
    .string()
    .optional()
    .transform((value, ctx): T => {
      if (value === undefined || value === '') return dflt
      const r = parse.safeParse(value)
      if (r.success) return r.data
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message })
      return z.NEVER
    })

const number = (min: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: (i) => `"${String(i.input)}" is not a whole number of ${min} or more` })
    .transform(Number)
    .refine((n) => n >= min, { error: `must be ${min} or more` })
const wholeNumber = (dflt: number, min = 0) => unsetOr(dflt, number(min))
const text = (dflt: string) => unsetOr(dflt, z.string())
const optionalText = unsetOr<string | null>(null, z.string())
const flag = (dflt: boolean) =>
  unsetOr(
    dflt,
    z
      .enum(['true', 'false', '1', '0'], { error: (i) => `"${String(i.input)}" is not true or false` })
      .transform((v) => v === 'true' || v === '1'),
  )
const url = unsetOr<string | null>(
  null,
  z
    .string()
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      error: (i) => `"${String(i.input)}" is not an http(s) URL`,
    })
    .transform((v) => v.replace(/\/+$/, '')),
)

/**
 * A comma- or space-separated list of IP addresses and CIDR ranges. A wrong entry stops the start
 * rather than silently trusting or banning the wrong clients.
 */
const addressList = (dflt: string) =>
  text(dflt)
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .superRefine((entries, ctx) => {
      for (const entry of entries) {
        const [address = '', bits, extra] = entry.split('/')
        const family = isIP(address)
        const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))
        if (!family || !okBits || extra !== undefined)
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR range` })
      }
    })

export const variables = {
  port: variable(
    'PORT',
    '`3000`',
    wholeNumber(3000, 0).refine((n) => n <= 65535, { error: 'is not a port number (0-65535)' }),
    'HTTP port',
  ),
  dataDir: variable(
    'DATA_DIR',
    '`./data`',
    text('./data'),
    'embedded database, generated secrets, later uploads and exports',
  ),
  databaseUrl: variable(
    'DATABASE_URL',
    '`file:$DATA_DIR/console.db`',
    unsetOr<string | null>(
      null,
      z.string().regex(/^(file:|postgres(ql)?:\/\/)/, {
        error: (i) => `"${String(i.input)}" is neither file:… (SQLite) nor postgresql://…`,
      }),
    ),
    '`file:/path.db` (SQLite) or `postgresql://user@host:5432/db`',
  ),
  externalUrl: variable(
    'EXTERNAL_URL',
    '`http://localhost:$PORT`',
    url,
    'base of `web_url`s and pagination `Link` headers',
  ),
  initialRootPassword: variable(
    'INITIAL_ROOT_PASSWORD',
    'generated, printed once',
    optionalText,
    'password of `root` on first start',
  ),
  initialRootToken: variable(
    'INITIAL_ROOT_TOKEN',
    'none',
    optionalText,
    'on first start, a root personal access token with this value (scopes `api read_api sudo admin_mode`) — for automation and tests',
  ),
  authSecret: variable(
    'AUTH_SECRET',
    'generated into `$DATA_DIR/secrets.json`',
    optionalText,
    'signs console sessions; set it (same value) on every node when several share PostgreSQL (`NEXTAUTH_SECRET` is read when it is unset)',
  ),
  nextauthSecret: variable('NEXTAUTH_SECRET', 'none', optionalText, "next-auth's name for `AUTH_SECRET`", true),
  nextauthUrl: variable(
    'NEXTAUTH_URL',
    '`EXTERNAL_URL`',
    url,
    "next-auth's base URL (set from `EXTERNAL_URL` for it when unset)",
    true,
  ),
  webConcurrency: variable(
    'WEB_CONCURRENCY',
    "the machine's cores",
    unsetOr<number | null>(null, number(1)),
    'how many API processes `npm start` runs on the port (node:cluster), each with its scheduler and queue worker, plus one console process (Next.js) they hand console pages to over loopback. `1`: one process serving everything. On SQLite the processes share its one writer: transactions begin IMMEDIATE, so writes queue for the lock (waiting without blocking the process, up to 5 s)',
  ),
  apiMount: variable(
    'API_MOUNT',
    '`direct`',
    unsetOr(
      'direct' as const,
      z.enum(['direct', 'next'], { error: (i) => `"${String(i.input)}" is not direct or next` }),
    ),
    "`direct`: `npm start`'s node:http server hands `/api/v4` straight to the dispatcher; `next`: through Next.js's route handler (slower; see Performance)",
  ),
  databasePoolSize: variable('DATABASE_POOL_SIZE', '`10`', wholeNumber(10, 1), 'PostgreSQL connections per process'),
  schedulerIntervalMs: variable(
    'SCHEDULER_INTERVAL_MS',
    '`5000`',
    wholeNumber(5000, 1),
    'how often each process looks for due pipeline schedules (any number of processes may run it: each schedule fires once)',
  ),
  schedulerEnabled: variable(
    'SCHEDULER_ENABLED',
    '`true`',
    flag(true),
    '`false` stops this process from firing pipeline schedules (and from failing stuck CI jobs)',
  ),
  queueWorkerEnabled: variable(
    'QUEUE_WORKER_ENABLED',
    '`true`',
    flag(true),
    '`false`: this process runs no worker of the durable queue',
  ),
  queueConcurrency: variable(
    'QUEUE_CONCURRENCY',
    '`2`',
    wholeNumber(2, 1),
    'how many queued tasks the worker of each process runs at once',
  ),
  queueAbandonAfterMs: variable(
    'QUEUE_ABANDON_AFTER_MS',
    '`60000`',
    wholeNumber(60_000, 1),
    'a running task whose process stopped heartbeating for this long is taken back and resumed elsewhere',
  ),
  queuePollMs: variable(
    'QUEUE_POLL_MS',
    '`1000`',
    wholeNumber(1000, 1),
    'how often an idle queue worker looks for tasks another process queued',
    true,
  ),
  queueHeartbeatMs: variable(
    'QUEUE_HEARTBEAT_MS',
    '`5000`',
    wholeNumber(5000, 1),
    'how often a running task tells it is alive',
    true,
  ),
  queueBackoffMs: variable(
    'QUEUE_BACKOFF_MS',
    '`5000`',
    wholeNumber(5000, 0),
    'the retry delay of a failed task: attempts² × this, plus jitter, at most ten minutes',
    true,
  ),
  sqliteLockStatsSeconds: variable(
    'SQLITE_LOCK_STATS_SECONDS',
    '`0`',
    wholeNumber(0, 0),
    "SQLite only, a diagnostic: every this many seconds each process logs (`sqlite write lock`) how long its transactions waited for their turn in the process and for another process's lock, how long they held the lock, and which callers held it longest (a stack per transaction: slower). `0` turns it off",
    true,
  ),
  runnerLongPollSeconds: variable(
    'RUNNER_LONG_POLL_SECONDS',
    '`20`',
    wholeNumber(20, 0),
    'how long `POST /jobs/request` holds a runner that already saw the current queue before answering 204',
  ),
  smtpUrl: variable(
    'SMTP_URL',
    'none',
    unsetOr<string | null>(null, z.string().regex(/^smtps?:\/\//, { error: 'is not smtp://… or smtps://…' })),
    'outgoing mail (invitations) through nodemailer, e.g. `smtp://user:pass@mail:587`; unset, mail is written to `$DATA_DIR/outbox/` and shown to administrators at `/admin/outbox`',
  ),
  mailFrom: variable('MAIL_FROM', '`GitLab <gitlab@host>`', optionalText, 'sender of outgoing mail'),
  registryApiUrl: variable(
    'REGISTRY_API_URL',
    'none',
    url,
    "the container registry's API as this server reaches it, e.g. `http://127.0.0.1:5000`; unset, no registry is configured (see Container registry)",
  ),
  registryHost: variable(
    'REGISTRY_HOST',
    '`host:port` of `REGISTRY_API_URL`',
    optionalText,
    'the registry address clients push to, shown in image `location`s',
  ),
  registryIssuer: variable(
    'REGISTRY_ISSUER',
    '`gitlab-issuer`',
    text('gitlab-issuer'),
    "`iss` of registry tokens; must equal the registry's `auth.token.issuer`",
  ),
  registryNotificationSecret: variable(
    'REGISTRY_NOTIFICATION_SECRET',
    'none',
    optionalText,
    'the `Authorization` value the registry sends with its push/delete notifications; unset, notifications are not configured',
  ),
  trustedProxies: variable(
    'TRUSTED_PROXIES',
    'none',
    addressList(''),
    "IP addresses and CIDR ranges (comma- or space-separated, e.g. `127.0.0.1,10.0.0.0/8`) of reverse proxies in front of the server. Only when the connection comes from one of them is `X-Forwarded-For` believed (read from the right, skipping trusted proxies, as Rails does); otherwise the client's address is the socket's peer. Throttles, the failed-authentication ban, and `/-/metrics`' allowlist key on that address. Behind a proxy, set it: otherwise every client shares the proxy's address. With `API_MOUNT=next` (or `next dev`) the API sees no socket, and no address at all",
  ),
  authBanMaxRetry: variable(
    'AUTH_BAN_MAX_RETRY',
    '`10`',
    wholeNumber(10, 0),
    'GitLab\'s failed-authentication ban (its `rack_attack_git_basic_auth` settings): an address that presents bad credentials (unknown, expired or revoked token) `AUTH_BAN_MAX_RETRY` times within `AUTH_BAN_FIND_TIME` seconds gets `429 {"message":"429 Too Many Requests"}` with `Retry-After` for every API, GraphQL and `/jwt/auth` request for `AUTH_BAN_TIME` seconds (bad Basic credentials at `/jwt/auth` count too); a successful authentication resets its count. A failed console sign-in counts too, and a banned address cannot sign in (docs/security.md, Console sessions). `0` turns it off. Unlike GitLab (off by default, a bare 403, Git and registry only) it is on and guards the API',
  ),
  authBanFindTime: variable(
    'AUTH_BAN_FIND_TIME',
    '`60`',
    wholeNumber(60, 1),
    'seconds within which `AUTH_BAN_MAX_RETRY` failures ban an address',
  ),
  authBanTime: variable('AUTH_BAN_TIME', '`3600`', wholeNumber(3600, 1), 'seconds a banned address stays banned'),
  authBanAllowlist: variable(
    'AUTH_BAN_ALLOWLIST',
    '`127.0.0.1,::1`',
    addressList('127.0.0.1,::1'),
    "addresses and ranges never banned (GitLab's `ip_whitelist`)",
  ),
  logLevel: variable(
    'LOG_LEVEL',
    '`info` (`silent` under tests)',
    unsetOr<string | null>(
      null,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: (i) => `"${String(i.input)}" is not a pino level`,
      }),
    ),
    'pino level; one JSON line per request (method, route template, status, duration), never tokens or passwords',
  ),
  logFile: variable(
    'LOG_FILE',
    'none (stdout)',
    optionalText,
    'append the log lines to this file instead (the integration tests set it and grep it for secrets)',
  ),
  keepAnswers: variable(
    'KEEP_ANSWERS',
    '`true`',
    flag(true),
    '`false` turns off the kept answers of repeated reads (docs/performance.md); every read is then rendered afresh',
    true,
  ),
  usageDataIntervalMs: variable(
    'USAGE_DATA_INTERVAL_MS',
    '`604800000` (a week)',
    wholeNumber(7 * 24 * 3600_000, 1),
    'how often the usage ping is computed',
    true,
  ),
  usageDataFirstDelayMs: variable(
    'USAGE_DATA_FIRST_DELAY_MS',
    '`60000`',
    wholeNumber(60_000, 0),
    'delay of the first usage ping after a start',
    true,
  ),
  usageEventsFlushMs: variable(
    'USAGE_EVENTS_FLUSH_MS',
    '`1000`',
    wholeNumber(1000, 1),
    'how often counted usage events are written',
    true,
  ),
  gitRevision: variable('GIT_REVISION', '`unknown`', optionalText, 'the revision `GET /version` reports', true),
  appRole: variable(
    'APP_ROLE',
    'set by the cluster',
    unsetOr('api' as const, z.enum(['api', 'console'], { error: 'is not api or console' })),
    "a cluster worker's part (the primary sets it)",
    true,
  ),
  countQueries: variable(
    'DB_COUNT_QUERIES',
    '`0`',
    flag(false),
    'count every database query (tests prove there is no N+1 with it)',
    true,
  ),
  validateResponses: variable(
    'API_VALIDATE_RESPONSES',
    '`0`',
    flag(false),
    "check every API answer against its endpoint's declared response (500 when it does not match; the tests run with it)",
    true,
  ),
  crashAt: variable(
    'TEST_CRASH_AT',
    'none',
    optionalText,
    'tests only (with NODE_ENV=test): the crash point where the process kills itself',
    true,
  ),
} satisfies Record<string, Variable>

export type Variables = { [K in keyof typeof variables]: z.output<(typeof variables)[K]['schema']> }

/** Every variable parsed; all problems at once, each as `NAME: what is wrong`. */
export function parseVariables(
  env: Record<string, string | undefined>,
): { ok: true; values: Variables } | { ok: false; problems: string[] } {
  const values: Record<string, unknown> = {}
  const problems: string[] = []
  for (const [key, v] of Object.entries(variables) as [string, Variable][]) {
    const r = v.schema.safeParse(env[v.name])
    if (r.success) values[key] = r.data
    else problems.push(`${v.name}: ${r.error.issues.map((i) => i.message).join('; ')}`)
  }
  return problems.length ? { ok: false, problems } : { ok: true, values: values as Variables }
}

/** The README's configuration tables (public, then internal), generated from the variables. */
export function configurationTables(): string {
  const row = (v: Variable) => `| \`${v.name}\` | ${v.shown} | ${v.meaning} |`
  const head = '| variable | default | meaning |\n|---|---|---|'
  const all = Object.values(variables) as Variable[]
  return [
    head,
    ...all.filter((v) => !v.internal).map(row),
    '',
    'Internal and test knobs (set by the tests, the cluster or the bench; an operator leaves them alone):',
    '',
    head,
    ...all.filter((v) => v.internal).map(row),
  ].join('\n')
}
