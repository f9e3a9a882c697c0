// The client's address, as throttles and the failed-authentication ban key on it. X-Forwarded-For
// is the client's own say, so it counts only when the connection comes from a configured proxy
// (TRUSTED_PROXIES): otherwise every request could name a fresh address and a fresh budget.
import { BlockList, isIP } from 'node:net'
import { config, type Config } from '../config'

// Every request asks about its peer's address, and a client's keep-alive connection asks about the
// same one thousands of times: parsing and BlockList probes (a SocketAddress each) were ~4 % of a
// read's cost, so their answers — pure functions of the address and the configuration — are kept.
function remembered<T>(fn: (key: string) => T, max = 4096): (key: string) => T {
  const known = new Map<string, T>()
  return (key) => {
    // Keys come from headers too (X-Forwarded-For): no address is longer, so longer ones are not kept.
    if (key.length > 64) return fn(key)
    const hit = known.get(key)
    if (hit !== undefined || known.has(key)) return hit as T
    if (known.size >= max) known.clear()
    const value = fn(key)
    known.set(key, value)
    return value
  }
}

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) as `1.2.3.4`, so one client has one key. */
export const normalizeIp = remembered(parseIp)

function parseIp(raw: string): string | null {
  const bare = raw.trim().replace(/^\[(.*)\]$/, '$1')
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)
  const ip = mapped ? mapped[1]! : bare.toLowerCase()
  return isIP(ip) ? ip : null
}

const family = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4')

/** A BlockList of config's entries (validated by lib/config: addresses and CIDR ranges). */
function blockList(entries: readonly string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/')
    const ip = normalizeIp(address) ?? address
    if (bits === undefined) list.addAddress(ip, family(ip))
    else list.addSubnet(ip, Number(bits), family(ip))
  }
  return list
}

// Built once per configuration (tests change the environment and reset the config).
const lists = new WeakMap<Config, { trusted: (ip: string) => boolean; allow: (ip: string) => boolean }>()
function listsOf(c: Config) {
  let l = lists.get(c)
  if (!l) {
    const [trusted, allow] = [blockList(c.trustedProxies), blockList(c.authBan.allowlist)]
    l = {
      trusted: remembered((ip) => trusted.check(ip, family(ip))),
      allow: remembered((ip) => allow.check(ip, family(ip))),
    }
    lists.set(c, l)
  }
  return l
}

/** Whether the failed-authentication ban leaves this address alone (AUTH_BAN_ALLOWLIST). */
export const banExempt = (ip: string) => listsOf(config()).allow(ip)

/**
 * The connection's peer, unless that peer is a trusted proxy: then X-Forwarded-For read from the
 * right, skipping trusted proxies, as Rails' RemoteIp does (the rightmost entries are the ones our
 * own proxies wrote). Null when the peer is unknown (the Next route-handler mount has no socket).
 */
export function clientAddress(peer: string | null, forwardedFor: string | null): string | null {
  const ip = peer === null ? null : normalizeIp(peer)
  if (ip === null) return null
  const c = config()
  if (!forwardedFor || c.trustedProxies.length === 0) return ip
  const { trusted } = listsOf(c)
  if (!trusted(ip)) return ip
  const hops = forwardedFor
    .split(',')
    .map(normalizeIp)
    .filter((h): h is string => h !== null)
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted(hops[i]!)) return hops[i]!
  return hops[0] ?? ip
}

/**
 * The header by which the serving process tells the console (Next.js: its route handlers see no
 * socket) the client's address, resolved as above. Set on every console request by lib/server/serve.ts,
 * which first drops any value the client sent; the cluster's console process listens on loopback
 * only, for the API workers that set it.
 */
export const CONSOLE_CLIENT_HEADER = 'x-console-client-address'

/** Overwrites the console client header of a request about to go to the console. */
export function markConsoleClient(req: {
  headers: Record<string, string | string[] | undefined>
  rawHeaders: string[]
  socket: { remoteAddress?: string }
}): void {
  const forwarded = req.headers['x-forwarded-for']
  const ip = clientAddress(
    req.socket.remoteAddress ?? null,
    Array.isArray(forwarded) ? forwarded.join(', ') : (forwarded ?? null),
  )
  Reflect.deleteProperty(req.headers, CONSOLE_CLIENT_HEADER)
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2)
    if (req.rawHeaders[i]!.toLowerCase() === CONSOLE_CLIENT_HEADER) req.rawHeaders.splice(i, 2)
  if (ip === null) return
  req.headers[CONSOLE_CLIENT_HEADER] = ip
  req.rawHeaders.push(CONSOLE_CLIENT_HEADER, ip)
}

/** The client's address as the console request carries it, or null (e.g. under `next dev`). */
export function consoleClientAddress(value: string | string[] | null | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value
  return v ? normalizeIp(v) : null
}
