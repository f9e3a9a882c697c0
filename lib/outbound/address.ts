// Which addresses an outbound request may reach (GitLab's Gitlab::HTTP_V2::UrlBlocker and
// UrlAllowlist). Pure: no DNS, no settings. Addresses are judged by value through node:net's
// BlockList, never by their spelling, because one address has many spellings: the URL parser
// writes `2130706433`, `0x7f.1` and `017700000001` as 127.0.0.1 and `[::ffff:127.0.0.1]` as
// `::ffff:7f00:1`, and an IPv6 address may carry an IPv4 one inside it (mapped `::ffff:a.b.c.d`,
// compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) that the kernel or a gateway then reaches.
import { BlockList, isIP } from 'node:net'
import { networkInterfaces } from 'node:os'

const v4 = (rules: [string, number][]) => {
  const list = new BlockList()
  for (const [net, prefix] of rules) list.addSubnet(net, prefix, 'ipv4')
  return list
}
const v6 = (rules: [string, number][]) => {
  const list = new BlockList()
  for (const [net, prefix] of rules) list.addSubnet(net, prefix, 'ipv6')
  return list
}

// Each class with GitLab's message, checked in GitLab's order (localhost, loopback, local network,
// link local, shared address space, limited broadcast).
const LOCALHOST_V4 = v4([['0.0.0.0', 8]]) // "this host"; 0.0.0.0 connects to the local machine
const LOCALHOST_V6 = v6([['::', 128]])
const LOOPBACK_V4 = v4([['127.0.0.0', 8]])
const LOOPBACK_V6 = v6([['::1', 128]])
const PRIVATE_V4 = v4([
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
])
const PRIVATE_V6 = v6([
  ['fc00::', 7], // unique local
  ['fec0::', 10], // site local (deprecated, still routed by some stacks)
])
const LINK_LOCAL_V4 = v4([['169.254.0.0', 16]]) // cloud metadata lives here (169.254.169.254)
const LINK_LOCAL_V6 = v6([['fe80::', 10]])
const SHARED_V4 = v4([['100.64.0.0', 10]])
const BROADCAST_V4 = v4([['255.255.255.255', 32]])

/** The eight 16-bit words of an IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
export function ipv6Words(ip: string): number[] | null {
  if (isIP(ip) !== 6) return null
  let text = ip.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null]
  const parse = (s: string) => (s ? s.split(':').map((w) => parseInt(w, 16)) : [])
  const left = parse(head)
  const right = tail === null ? [] : parse(tail)
  const words = tail === null ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null
}

/**
 * The IPv4 address an IPv6 one stands for, when it embeds one that a connection would reach:
 * IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96, beyond :: and ::1) and NAT64 (64:ff9b::/96).
 */
export function embeddedIpv4(ip: string): string | null {
  const w = ipv6Words(ip)
  if (!w) return null
  const tail = () => `${w[6]! >> 8}.${w[6]! & 0xff}.${w[7]! >> 8}.${w[7]! & 0xff}`
  const zeros = (n: number) => w.slice(0, n).every((x) => x === 0)
  if (zeros(5) && w[5] === 0xffff) return tail()
  if (zeros(6) && (w[6] !== 0 || w[7]! > 1)) return tail()
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0)) return tail()
  return null
}

/** This machine's own addresses: GitLab counts them as localhost (Socket.ip_address_list). */
function ownAddresses(): Set<string> {
  const out = new Set<string>()
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) out.add(a.address.replace(/%.*$/, ''))
  return out
}

/**
 * Why a request to `ip` is refused when local requests are not allowed, in GitLab's words; null
 * when the address is public. Anything that is not an IP address is refused.
 */
export function blockedReason(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, '')
  const family = isIP(bare)
  if (!family) return 'Hostname or IP address invalid'
  const inner = family === 6 ? embeddedIpv4(bare) : null
  if (inner) return blockedReason(inner)
  const [type, addr] = family === 4 ? (['ipv4', bare] as const) : (['ipv6', bare] as const)
  const hit = (l4: BlockList, l6: BlockList) => (type === 'ipv4' ? l4.check(addr, 'ipv4') : l6.check(addr, 'ipv6'))
  if (hit(LOCALHOST_V4, LOCALHOST_V6) || ownAddresses().has(addr)) return 'Requests to localhost are not allowed'
  if (hit(LOOPBACK_V4, LOOPBACK_V6)) return 'Requests to loopback addresses are not allowed'
  if (hit(PRIVATE_V4, PRIVATE_V6)) return 'Requests to the local network are not allowed'
  if (hit(LINK_LOCAL_V4, LINK_LOCAL_V6)) return 'Requests to the link local network are not allowed'
  if (type === 'ipv4' && SHARED_V4.check(addr, 'ipv4')) return 'Requests to the shared address space are not allowed'
  if (type === 'ipv4' && BROADCAST_V4.check(addr, 'ipv4'))
    return 'Requests to the limited broadcast address are not allowed'
  return null
}

/** One entry of outbound_local_requests_whitelist: an IP or CIDR range, or a host name; a port optional. */
export type AllowlistEntry =
  { kind: 'ip'; list: BlockList; port: number | null } | { kind: 'host'; host: string; port: number | null }

/**
 * GitLab's UrlAllowlist: `[::1]:80` and `127.0.0.1:80` carry a port, anything else is the address
 * (or CIDR, or host name) alone. Unparseable entries are kept as host names, which then match
 * nothing a URL can spell.
 */
export function parseAllowlist(entries: readonly string[]): AllowlistEntry[] {
  const out: AllowlistEntry[] = []
  for (const raw of entries) {
    const s = raw.trim()
    if (!s) continue
    const m = /^\[(.*)\]:(\d+)$/.exec(s) ?? /^([^:]+):(\d+)$/.exec(s)
    const address = m ? m[1]! : s.replace(/^\[(.*)\]$/, '$1')
    const port = m ? Number(m[2]) : null
    const [net, prefixText] = address.split('/') as [string, string | undefined]
    const family = isIP(net)
    if (family) {
      const type = family === 4 ? 'ipv4' : 'ipv6'
      const max = family === 4 ? 32 : 128
      const prefix = prefixText === undefined ? max : Number(prefixText)
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) continue
      const list = new BlockList()
      list.addSubnet(net, prefix, type)
      out.push({ kind: 'ip', list, port })
    } else out.push({ kind: 'host', host: address.toLowerCase(), port })
  }
  return out
}

const ipFamily = (ip: string) => (isIP(ip) === 4 ? 'ipv4' : 'ipv6')

/** Whether the allowlist names this IP address (an IPv4 entry also matches its IPv4-mapped form). */
export function ipAllowed(list: readonly AllowlistEntry[], ip: string, port: number): boolean {
  const candidates = [ip, embeddedIpv4(ip)].filter((a): a is string => !!a)
  return list.some(
    (e) =>
      e.kind === 'ip' && (e.port === null || e.port === port) && candidates.some((a) => e.list.check(a, ipFamily(a))),
  )
}

/** Whether the allowlist names this host name (exactly, as GitLab's DomainAllowlistEntry does). */
export function hostAllowed(list: readonly AllowlistEntry[], host: string, port: number): boolean {
  const h = host.toLowerCase()
  return list.some((e) => e.kind === 'host' && e.host === h && (e.port === null || e.port === port))
}
