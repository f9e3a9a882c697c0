// The HTTP client a migration uses to talk to its source (GitLab's BulkImports::Clients::HTTP and
// Graphql): `private_token` in the query string as GitLab sends it, timeouts, at most two
// redirects, through lib/outbound (the instance's rules on local addresses, the allowlist and DNS
// rebinding, checked at every hop). Answers are read with a cap: API answers at MAX_API_ANSWER,
// files at bulk_import_max_download_file_size. The token never appears in errors or logs:
// messages name the path only.
import { OutboundError, outboundRequest, readBody, type OutboundResponse } from '../outbound/request'
import { outboundPolicy } from '../outbound/policy'
import { currentSettings } from '../settings/service'

export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

// GitLab's read_total_timeout: a whole API exchange, answer included.
const TIMEOUT_MS = 30_000
const MAX_REDIRECTS = 2
/**
 * An API or GraphQL answer (a page of 30 groups, a version) is a few kilobytes; a source that sends
 * more than this is not answering the question, and the answer is held in memory to be parsed.
 */
const MAX_API_ANSWER = 10 * 1024 * 1024

const MIB = 1024 * 1024

/** bulk_import_max_download_file_size in bytes (0: no limit, as GitLab). */
export async function downloadLimit(): Promise<number> {
  const mib = Number((await currentSettings()).bulk_import_max_download_file_size ?? 0)
  return Number.isFinite(mib) && mib > 0 ? mib * MIB : 0
}

export class SourceClient {
  readonly base: string

  constructor(
    url: string,
    private readonly token: string,
  ) {
    this.base = url.replace(/\/+$/, '')
  }

  private async request(
    method: string,
    path: string,
    opts: { query?: Record<string, string | number>; body?: unknown; stream?: boolean } = {},
  ): Promise<OutboundResponse> {
    const url = new URL(`${this.base}${path}`)
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v))
    url.searchParams.set('private_token', this.token)
    try {
      return await outboundRequest(url, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        policy: await outboundPolicy(),
        maxRedirects: MAX_REDIRECTS,
        // A download may rightly take long; it is bounded by its size cap and the idle timeout.
        totalMs: opts.stream ? undefined : TIMEOUT_MS,
      })
    } catch (e) {
      if (e instanceof OutboundError)
        throw new SourceError(`Could not reach the source (${method} ${path}): ${e.message}`)
      throw e
    }
  }

  private async text(res: OutboundResponse, path: string, max = MAX_API_ANSWER): Promise<string> {
    try {
      return (await readBody(res, max)).toString('utf8')
    } catch (e) {
      if (e instanceof OutboundError)
        throw new SourceError(`The source's answer to ${path} failed: ${e.message}`, res.status)
      throw e
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it expects of the source GitLab's answer (not validated here; null when empty)
  async get<T>(
    path: string,
    query: Record<string, string | number> = {},
  ): Promise<{ status: number; body: T | null; headers: Headers }> {
    const res = await this.request('GET', `/api/v4${path}`, { query })
    const text = await this.text(res, path)
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
    res.body.destroy()
    return res.status
  }

  /** A file, whole, within bulk_import_max_download_file_size (the rest is not read). */
  async download(path: string, query: Record<string, string | number>): Promise<{ status: number; bytes: Buffer }> {
    const res = await this.stream(path, query)
    if (res.status !== 200) {
      res.body.destroy()
      return { status: res.status, bytes: Buffer.alloc(0) }
    }
    try {
      return { status: res.status, bytes: await readBody(res, await downloadLimit()) }
    } catch (e) {
      if (e instanceof OutboundError)
        throw new SourceError(`Error downloading file from ${path}: ${e.message}`, res.status)
      throw e
    }
  }

  /** A file's answer, unread: the caller streams it under its own caps (see source-relations.ts). */
  async stream(path: string, query: Record<string, string | number>): Promise<OutboundResponse> {
    return this.request('GET', `/api/v4${path}`, { query, stream: true })
  }

  /** Every page of a REST list, following X-Next-Page (per_page 30 as GitLab's client). */
  async all<T>(path: string): Promise<T[]> {
    const out: T[] = []
    for (let page = 1, guard = 0; page && guard < 1000; guard++) {
      const res = await this.get<T[]>(path, { page, per_page: 30 })
      if (res.status !== 200 || !Array.isArray(res.body))
        throw new SourceError(`The source answered ${res.status} to GET ${path}`, res.status)
      out.push(...res.body)
      page = Number(res.headers.get('x-next-page') || 0)
    }
    return out
  }

  async graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const res = await this.request('POST', '/api/graphql', { body: { query, variables } })
    const text = await this.text(res, '/api/graphql')
    type Answer = { data?: T; errors?: { message: string }[] } | null
    let json: Answer
    try {
      json = JSON.parse(text) as Answer
    } catch {
      json = null
    }
    const ok = res.status >= 200 && res.status < 300
    if (!ok || !json?.data)
      throw new SourceError(`The source's GraphQL API failed: ${json?.errors?.[0]?.message ?? res.status}`, res.status)
    return json.data
  }
}
