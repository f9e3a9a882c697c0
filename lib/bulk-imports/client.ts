// The HTTP client a migration uses to talk to its source (GitLab's BulkImports::Clients::HTTP and
// Graphql): `private_token` in the query string as GitLab sends it, timeouts, at most two
// redirects, and no loopback/private targets unless allow_local_requests_from_web_hooks_and_services
// is on. The token never appears in errors or logs: messages name the path only.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { currentSettings } from '../settings/service'

export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

const TIMEOUT_MS = 30_000
const MAX_REDIRECTS = 2

function privateAddress(ip: string): boolean {
  if (ip === '::1' || ip === '::' || /^f[cd]/i.test(ip) || /^fe80:/i.test(ip)) return true
  const v4 = ip.replace(/^::ffff:/i, '')
  const m = /^(\d+)\.(\d+)\./.exec(v4)
  if (!m) return false
  const [a, b] = [Number(m[1]), Number(m[2])]
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)
}

async function checkTarget(url: URL): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SourceError('Invalid source URL. Enter only the base URL of the source GitLab instance.')
  if ((await currentSettings()).allow_local_requests_from_web_hooks_and_services) return
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address)
  if (!addresses.length) throw new SourceError(`The source host ${host} could not be resolved.`)
  if (addresses.some(privateAddress)) throw new SourceError('Requests to the local network are not allowed')
}

export class SourceClient {
  readonly base: string

  constructor(
    url: string,
    private readonly token: string,
  ) {
    this.base = url.replace(/\/+$/, '')
  }

  private async request(method: string, path: string, opts: { query?: Record<string, string | number>; body?: unknown } = {}): Promise<Response> {
    let url = new URL(`${this.base}${path}`)
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v))
    url.searchParams.set('private_token', this.token)
    for (let hop = 0; ; hop++) {
      await checkTarget(url)
      let res: Response
      try {
        res = await fetch(url, {
          method,
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (e) {
        throw new SourceError(`Could not reach the source (${method} ${path}): ${(e as Error).name === 'TimeoutError' ? 'timed out' : (e as Error).message}`)
      }
      const location = res.headers.get('location')
      if (res.status >= 300 && res.status < 400 && location) {
        if (hop >= MAX_REDIRECTS) throw new SourceError(`Too many redirects from the source (${path})`)
        url = new URL(location, url)
        continue
      }
      return res
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects of the source GitLab's answer (not validated here; null when empty)
  async get<T>(path: string, query: Record<string, string | number> = {}): Promise<{ status: number; body: T | null; headers: Headers }> {
    const res = await this.request('GET', `/api/v4${path}`, { query })
    const text = await res.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = text
    }
    return { status: res.status, body: body as T | null, headers: res.headers }
  }

  async post(path: string, query: Record<string, string | number> = {}): Promise<number> {
    const res = await this.request('POST', `/api/v4${path}`, { query })
    await res.body?.cancel().catch(() => {})
    return res.status
  }

  async download(path: string, query: Record<string, string | number>): Promise<{ status: number; bytes: Buffer }> {
    const res = await this.request('GET', `/api/v4${path}`, { query })
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
  }

  /** Every page of a REST list, following X-Next-Page (per_page 30 as GitLab's client). */
  async all<T>(path: string): Promise<T[]> {
    const out: T[] = []
    for (let page = 1, guard = 0; page && guard < 1000; guard++) {
      const res = await this.get<T[]>(path, { page, per_page: 30 })
      if (res.status !== 200 || !Array.isArray(res.body)) throw new SourceError(`The source answered ${res.status} to GET ${path}`, res.status)
      out.push(...res.body)
      page = Number(res.headers.get('x-next-page') || 0)
    }
    return out
  }

  async graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const res = await this.request('POST', '/api/graphql', { body: { query, variables } })
    const json = (await res.json().catch(() => null)) as { data?: T; errors?: { message: string }[] } | null
    if (!res.ok || !json?.data) throw new SourceError(`The source's GraphQL API failed: ${json?.errors?.[0]?.message ?? res.status}`, res.status)
    return json.data
  }
}
