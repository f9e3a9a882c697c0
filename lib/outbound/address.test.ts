// Every spelling of a local address a URL can carry is refused by the outbound check (issue 31
// A1), and the allowlist and allow-local setting let through exactly what they name. No request
// is made here: checkUrl only resolves, and every host below is an IP literal or resolved by the
// stub resolver given to it.
import { afterAll, describe, expect, it } from 'vitest'
import { blockedReason, embeddedIpv4, ipv6Words, parseAllowlist } from './address'
import { checkUrl, type OutboundPolicy, type Resolver } from './request'

const strict: OutboundPolicy = {
  allowLocal: false,
  allowlist: [],
  rebindingProtection: true,
  denyAllExceptAllowed: false,
}
const noDns: Resolver = () => Promise.reject(new Error('no DNS in this test'))
const check = (url: string, policy: Partial<OutboundPolicy> = {}, resolve: Resolver = noDns) =>
  checkUrl(new URL(url), { ...strict, ...policy }, resolve)

// The URL forms of issue 31 and GitLab's past UrlBlocker bypasses, each with the class it must fall in.
const REFUSED: [string, RegExp][] = [
  ['http://[::ffff:127.0.0.1]:8080/', /localhost|loopback/],
  ['http://[::ffff:7f00:1]/', /localhost|loopback/],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]/', /localhost|loopback/],
  ['http://[::7f00:1]/', /localhost|loopback/],
  ['http://[::127.0.0.1]/', /localhost|loopback/],
  ['http://[64:ff9b::7f00:1]/', /localhost|loopback/],
  ['http://[::ffff:a9fe:a9fe]/', /link local/],
  ['http://[::ffff:169.254.169.254]/', /link local/],
  ['http://169.254.169.254/latest/meta-data/', /link local/],
  ['http://[fe80::1]/', /link local/],
  ['http://[febf::1]/', /link local/],
  ['http://[fec0::]/', /local network/],
  ['http://[fec0::1]/', /local network/],
  ['http://[fc00::1]/', /local network/],
  ['http://[fd12:3456::1]/', /local network/],
  ['http://[::ffff:10.0.0.1]/', /local network/],
  ['http://[::1]/', /localhost|loopback/],
  ['http://[::]/', /localhost/],
  ['http://[0:0:0:0:0:0:0:0]/', /localhost/],
  ['http://0.0.0.0/', /localhost/],
  ['http://0/', /localhost/],
  ['http://0.1.2.3/', /localhost/],
  ['http://127.0.0.1/', /localhost|loopback/],
  ['http://127.1/', /localhost|loopback/],
  ['http://127.0.0.2/', /loopback/],
  ['http://2130706433/', /localhost|loopback/],
  ['http://0x7f.1/', /localhost|loopback/],
  ['http://0x7f000001/', /localhost|loopback/],
  ['http://017700000001/', /localhost|loopback/],
  ['http://0177.0.0.1/', /localhost|loopback/],
  ['http://10.0.0.1/', /local network/],
  ['http://172.16.0.1/', /local network/],
  ['http://172.31.255.255/', /local network/],
  ['http://192.168.1.1/', /local network/],
  ['http://3232235777/', /local network/], // 192.168.1.1
  ['http://100.64.0.1/', /shared address space/],
  ['http://255.255.255.255/', /limited broadcast/],
]

let refused = 0
describe('outbound address checks', () => {
  it.each(REFUSED)('refuses %s', async (url, reason) => {
    await expect(check(url)).rejects.toThrow(reason)
    refused++
  })
  // Issue 31 B's figure: how many URL spellings of local addresses this run refused.
  afterAll(() => console.log(`outbound URL forms refused: ${refused} of ${REFUSED.length}`))

  it('refuses a host name when any address it resolves to is local (one answer is not enough)', async () => {
    const resolve: Resolver = async () => ['93.184.216.34', '::ffff:127.0.0.1']
    await expect(check('http://mixed.test/', {}, resolve)).rejects.toThrow(/localhost|loopback/)
    await expect(check('http://mapped.test/', {}, async () => ['::ffff:a9fe:a9fe'])).rejects.toThrow(/link local/)
    await expect(check('http://nowhere.test/', {}, async () => [])).rejects.toThrow(
      'Host cannot be resolved or invalid',
    )
    await expect(check('http://broken.test/', {}, noDns)).rejects.toThrow('Host cannot be resolved or invalid')
  })

  it('lets public addresses through and pins the first resolved one', async () => {
    await expect(check('http://93.184.216.34/')).resolves.toEqual({ address: '93.184.216.34' })
    await expect(check('https://[2606:2800:220:1:248:1893:25c8:1946]/')).resolves.toEqual({
      address: '2606:2800:220:1:248:1893:25c8:1946',
    })
    await expect(check('http://public.test/', {}, async () => ['93.184.216.34', '93.184.216.35'])).resolves.toEqual({
      address: '93.184.216.34',
    })
    // Rebinding protection off: checked, but connected by name (GitLab's behaviour).
    await expect(
      check('http://public.test/', { rebindingProtection: false }, async () => ['93.184.216.34']),
    ).resolves.toEqual({ address: null })
  })

  it('refuses schemes other than http and https', async () => {
    for (const url of ['ftp://93.184.216.34/', 'file:///etc/passwd', 'gopher://93.184.216.34/', 'javascript:alert(1)'])
      await expect(check(url)).rejects.toThrow('Only allowed schemes are http, https')
  })

  it('allows local addresses when allow_local_requests_from_web_hooks_and_services is on', async () => {
    await expect(check('http://127.0.0.1:3000/', { allowLocal: true })).resolves.toEqual({ address: '127.0.0.1' })
    await expect(check('http://[::ffff:a9fe:a9fe]/', { allowLocal: true })).resolves.toBeDefined()
  })

  it('allows what outbound_local_requests_whitelist names: an IP, a range, a host, with or without a port', async () => {
    const allowlist = parseAllowlist([
      '127.0.0.2',
      '10.0.0.0/8',
      '[::1]:8080',
      '192.168.1.1:3000',
      'gitlab.internal',
      'other.internal:8443',
      'not an address/99',
    ])
    await expect(check('http://127.0.0.2/', { allowlist })).resolves.toEqual({ address: '127.0.0.2' })
    await expect(check('http://127.0.0.1/', { allowlist })).rejects.toThrow(/localhost|loopback/)
    await expect(check('http://10.20.30.40:9000/', { allowlist })).resolves.toBeDefined()
    await expect(check('http://[::ffff:10.1.2.3]/', { allowlist })).resolves.toBeDefined()
    await expect(check('http://[::1]:8080/', { allowlist })).resolves.toBeDefined()
    await expect(check('http://[::1]:8081/', { allowlist })).rejects.toThrow(/localhost|loopback/)
    await expect(check('http://192.168.1.1:3000/', { allowlist })).resolves.toBeDefined()
    await expect(check('http://192.168.1.1/', { allowlist })).rejects.toThrow(/local network/)
    const toLocal: Resolver = async () => ['192.168.5.5']
    await expect(check('http://gitlab.internal/', { allowlist }, toLocal)).resolves.toEqual({ address: '192.168.5.5' })
    await expect(check('http://GITLAB.internal:81/', { allowlist }, toLocal)).resolves.toBeDefined()
    await expect(check('https://other.internal:8443/', { allowlist }, toLocal)).resolves.toBeDefined()
    await expect(check('https://other.internal/', { allowlist }, toLocal)).rejects.toThrow(/local network/)
    await expect(check('http://sub.gitlab.internal/', { allowlist }, toLocal)).rejects.toThrow(/local network/)
  })

  it('denies everything off the allowlist when deny_all_requests_except_allowed is on', async () => {
    await expect(check('http://93.184.216.34/', { denyAllExceptAllowed: true })).rejects.toThrow(
      'Requests to hosts and IP addresses not on the Allow List are denied',
    )
    await expect(
      check('http://93.184.216.34/', { denyAllExceptAllowed: true, allowlist: parseAllowlist(['93.184.216.0/24']) }),
    ).resolves.toBeDefined()
  })

  it('reads IPv6 words and the IPv4 address inside mapped, compatible and NAT64 forms', () => {
    expect(ipv6Words('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1])
    expect(ipv6Words('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1])
    expect(embeddedIpv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254')
    expect(embeddedIpv4('::7f00:1')).toBe('127.0.0.1')
    expect(embeddedIpv4('64:ff9b::a00:1')).toBe('10.0.0.1')
    expect(embeddedIpv4('::1')).toBeNull()
    expect(embeddedIpv4('2001:db8::1')).toBeNull()
    expect(blockedReason('not-an-ip')).toBe('Hostname or IP address invalid')
    expect(blockedReason('8.8.8.8')).toBeNull()
  })
})
