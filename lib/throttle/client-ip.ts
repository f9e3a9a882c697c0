// The client's address, as throttles and the failed-authentication ban key on it. X-Forwarded-For
// is the client's own say, so it counts only when the connection comes from a configured proxy
// (TRUSTED_PROXIES): otherwise every request could name a fresh address and a fresh budget.
import { BlockList, isIP } from 'node:net'
import { config, type Config } from '../config'

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) as `1.2.3.4`, so one client has one key. */
export function normalizeIp(raw: string): string | null {
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
const lists = new WeakMap<Config, { trusted: BlockList; allow: BlockList }>()
function listsOf(c: Config) {
  let l = lists.get(c)
  if (!l) lists.set(c, (l = { trusted: blockList(c.trustedProxies), allow: blockList(c.authBan.allowlist) }))
  return l
}

/** Whether the failed-authentication ban leaves this address alone (AUTH_BAN_ALLOWLIST). */
export const banExempt = (ip: string) => listsOf(config()).allow.check(ip, family(ip))

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
  if (!trusted.check(ip, family(ip))) return ip
  const hops = forwardedFor
    .split(',')
    .map(normalizeIp)
    .filter((h): h is string => h !== null)
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.check(hops[i]!, family(hops[i]!))) return hops[i]!
  return hops[0] ?? ip
}
