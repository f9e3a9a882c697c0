// The one way this server calls a URL a user gave it (migration sources now, webhooks later), as
// GitLab's Gitlab::HTTP_V2 with its UrlBlocker: the host is resolved once, every address it
// resolved to is checked, and the connection goes to the checked address (node:http's `lookup`
// answers it) so a second DNS answer cannot move the request elsewhere (DNS rebinding). Redirects
// are followed by hand, each hop checked the same way; answers are read with a size cap.
import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupAddress, LookupOptions } from 'node:dns'
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { blockedReason, hostAllowed, ipAllowed, type AllowlistEntry } from './address'

/** A refused or failed outbound request; the message names no credential (URLs are not quoted). */
export class OutboundError extends Error {}

/** What the instance allows (lib/outbound/policy.ts reads it from the application settings). */
export interface OutboundPolicy {
  /** allow_local_requests_from_web_hooks_and_services */
  allowLocal: boolean
  /** outbound_local_requests_whitelist, parsed */
  allowlist: AllowlistEntry[]
  /** dns_rebinding_protection_enabled: connect to the address that was checked, not to a new lookup */
  rebindingProtection: boolean
  /** deny_all_requests_except_allowed */
  denyAllExceptAllowed: boolean
}

/** Every address a host name resolves to, in the resolver's order. */
export type Resolver = (host: string) => Promise<string[]>

/** getaddrinfo, as GitLab's Addrinfo.getaddrinfo: /etc/hosts and the system's resolver. */
export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address)

// GitLab's GETADDRINFO_TIMEOUT_SECONDS.
const RESOLVE_TIMEOUT_MS = 15_000
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
/** Headers a redirect to another origin must not carry (fetch drops them the same way). */
const CREDENTIAL_HEADERS = ['authorization', 'private-token', 'job-token', 'cookie']

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80))
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '')

async function resolveWithin(resolve: Resolver, host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OutboundError('Host cannot be resolved or invalid')), RESOLVE_TIMEOUT_MS)
  })
  try {
    return await Promise.race([resolve(host), timeout])
  } catch {
    return []
  } finally {
    clearTimeout(timer)
  }
}

/**
 * GitLab's UrlBlocker.validate_resolved_uri: the scheme, then the host's addresses against the
 * allowlist and the local ranges. Answers the address to connect to (null: by name, when
 * rebinding protection is off, as GitLab does).
 */
export async function checkUrl(
  url: URL,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<{ address: string | null }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('Only allowed schemes are http, https')
  const host = bare(url.hostname)
  if (!host) throw new OutboundError('Hostname or IP address invalid')
  const port = portOf(url)
  // Nothing to check and nothing to pin: GitLab skips the lookup too.
  if (policy.allowLocal && !policy.rebindingProtection && !policy.denyAllExceptAllowed) return { address: null }
  const addresses = isIP(host) ? [host] : await resolveWithin(resolve, host)
  const first = addresses[0]
  if (!first) throw new OutboundError('Host cannot be resolved or invalid')
  const pinned = { address: policy.rebindingProtection || isIP(host) ? first : null }
  if (hostAllowed(policy.allowlist, host, port) || ipAllowed(policy.allowlist, first, port)) return pinned
  if (policy.denyAllExceptAllowed)
    throw new OutboundError('Requests to hosts and IP addresses not on the Allow List are denied')
  if (!policy.allowLocal)
    for (const a of addresses) {
      const reason = blockedReason(a)
      if (reason) throw new OutboundError(reason)
    }
  return pinned
}

export interface OutboundInit {
  method?: string
  headers?: OutgoingHttpHeaders
  body?: string | Buffer
  policy: OutboundPolicy
  resolve?: Resolver
  /** Redirects followed (each hop checked); one more is an error. */
  maxRedirects?: number
  /** Limit on the whole exchange, headers and body (GitLab's read_total_timeout); none for downloads. */
  totalMs?: number
  /** Limit on silence: connecting, or between two chunks of the answer. */
  idleMs?: number
}

export interface OutboundResponse {
  status: number
  headers: Headers
  /** The answer's body, not yet read: readBody() with a cap, or stream it. */
  body: IncomingMessage
  /** The URL that answered (after redirects). */
  url: URL
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

function send(
  url: URL,
  init: OutboundInit,
  method: string,
  headers: OutgoingHttpHeaders,
  body: string | Buffer | undefined,
  address: string | null,
  signal?: AbortSignal,
) {
  const hostname = bare(url.hostname)
  const resolve = init.resolve ?? systemResolver
  // The connection's own lookup: the checked address when pinned; otherwise a fresh resolution,
  // which is what rebinding protection exists to avoid.
  const lookup = (_host: string, options: LookupOptions, cb: LookupCallback) => {
    const answer = (ip: string) => {
      const family = isIP(ip)
      if (options.all) cb(null, [{ address: ip, family }])
      else cb(null, ip, family)
    }
    if (address) answer(address)
    else
      void resolveWithin(resolve, hostname).then((all) =>
        all[0]
          ? answer(all[0])
          : cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), ''),
      )
  }
  return new Promise<IncomingMessage>((ok, fail) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        // A fresh connection per request: a pooled socket would carry a past check to a new request.
        agent: false,
        lookup: isIP(hostname) ? undefined : lookup,
        signal,
        timeout: init.idleMs ?? 30_000,
      },
      ok,
    )
    req.on('timeout', () => req.destroy(new OutboundError('timed out')))
    req.on('error', fail)
    req.end(body)
  })
}

function webHeaders(res: IncomingMessage): Headers {
  const out = new Headers()
  for (const [k, v] of Object.entries(res.headers)) {
    if (v === undefined) continue
    for (const one of Array.isArray(v) ? v : [v]) out.append(k, one)
  }
  return out
}

/** A request to a user-supplied URL under the instance's outbound rules. */
export async function outboundRequest(input: URL | string, init: OutboundInit): Promise<OutboundResponse> {
  let url = new URL(input)
  let method = (init.method ?? 'GET').toUpperCase()
  let headers: OutgoingHttpHeaders = { ...init.headers }
  let body = init.body
  const signal = init.totalMs ? AbortSignal.timeout(init.totalMs) : undefined
  const maxRedirects = init.maxRedirects ?? 2
  for (let hop = 0; ; hop++) {
    const { address } = await checkUrl(url, init.policy, init.resolve)
    let res: IncomingMessage
    try {
      res = await send(url, init, method, headers, body, address, signal)
    } catch (e) {
      if (e instanceof OutboundError) throw e
      const err = e as Error
      throw new OutboundError(err.name === 'TimeoutError' || err.name === 'AbortError' ? 'timed out' : err.message)
    }
    const location = res.headers.location
    if (!REDIRECT_STATUSES.has(res.statusCode ?? 0) || !location)
      return { status: res.statusCode ?? 0, headers: webHeaders(res), body: res, url }
    res.destroy()
    if (hop >= maxRedirects) throw new OutboundError('Too many redirects')
    const next = new URL(location, url)
    if (next.origin !== url.origin)
      headers = Object.fromEntries(
        Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())),
      )
    // As browsers and fetch do: 303, and 301/302 after a POST, become a GET without a body.
    if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
      headers = Object.fromEntries(
        Object.entries(headers).filter(([k]) => !['content-type', 'content-length'].includes(k.toLowerCase())),
      )
    }
    url = next
  }
}

/** Rails' number_to_human_size (base 1024, three significant digits), for GitLab's size messages. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'Byte' : 'Bytes'}`
  const units = ['KB', 'MB', 'GB', 'TB', 'PB']
  let n = bytes / 1024
  let unit = 0
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024
    unit++
  }
  return `${Number(n.toPrecision(3))} ${units[unit]!}`
}

/**
 * The body, whole, when it is at most `maxBytes` (0: no cap); a longer one is cut off at the cap
 * (the rest is not read) with GitLab's FileDownloadService message.
 */
export async function readBody(res: OutboundResponse, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length
      if (maxBytes > 0 && size > maxBytes)
        throw new OutboundError(`File size ${humanSize(size)} exceeds limit of ${humanSize(maxBytes)}`)
      chunks.push(chunk)
    }
  } catch (e) {
    res.body.destroy()
    if (e instanceof OutboundError) throw e
    const err = e as Error
    throw new OutboundError(err.name === 'TimeoutError' || err.name === 'AbortError' ? 'timed out' : err.message)
  }
  return Buffer.concat(chunks)
}
