// The console's security headers (issue 31 A10) as proxy.ts and next.config.mjs set them. What a
// real page answers (the nonce on Next's own script tags, the headers through the API workers'
// loopback proxy) is e2e/security-headers.spec.ts's.
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { NextConfig } from 'next'
import { NextRequest } from 'next/server'
import { config as proxyConfig, proxy } from '@/proxy'
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from './security-headers'

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  )

describe('contentSecurityPolicy', () => {
  const policy = directives(contentSecurityPolicy('abc123=='))

  it('lets a script run only with the nonce or from a nonced script', () => {
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"])
  })
  it('allows no inline style but a nonced one, and no style attribute', () => {
    expect(policy.get('style-src')).toEqual(["'self'", "'nonce-abc123=='"])
    expect(policy.has('style-src-attr')).toBe(false)
  })
  it('closes plugins, <base>, foreign forms, fetches and framing', () => {
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('frame-ancestors')).toEqual(["'self'"])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
  })
  it('never allows inline scripts or eval outside next dev', () => {
    expect(contentSecurityPolicy('n')).not.toMatch(/unsafe-(inline|eval)/)
    expect(directives(contentSecurityPolicy('n', true)).get('script-src')).toContain("'unsafe-eval'")
  })
})

describe('proxy', () => {
  const run = () => proxy(new NextRequest('http://localhost/admin', { headers: { 'x-nonce': 'chosen-by-client' } }))
  const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1]

  it('answers with a policy whose nonce is new for each request', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => nonceOf(run().headers.get('content-security-policy'))))
    expect(nonces.size).toBe(20)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })
  it('hands Next the same policy and nonce on the request, replacing a client-sent x-nonce', () => {
    const res = run()
    const policy = res.headers.get('content-security-policy')
    // NextResponse.next({ request: { headers } }) passes the request's headers to the page this way.
    expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(policy)
    expect(res.headers.get('x-middleware-request-x-nonce')).toBe(nonceOf(policy))
  })
})

// Next's own matcher compiler (exported, but not in its typings), so the test judges proxy.ts's
// matcher as the build does.
const { getMiddlewareMatchers } = createRequire(import.meta.url)('next/dist/build/analysis/get-page-static-info') as {
  getMiddlewareMatchers: (matcher: unknown, config: object) => { regexp: string }[]
}
// next.config.mjs is plain JavaScript (no typings); imported by URL, typed as Next's config.
const nextConfig = async () =>
  ((await import(pathToFileURL(path.resolve('next.config.mjs')).href)) as { default: NextConfig }).default

describe('where the headers apply', () => {
  const matchers = getMiddlewareMatchers(proxyConfig.matcher, {})
  const covered = (path: string) => matchers.some((m) => new RegExp(m.regexp).test(path))

  it('runs the proxy on every page, the unknown ones included, and not on the API or static files', () => {
    for (const page of [
      '/',
      '/login',
      '/terms',
      '/admin',
      '/admin/settings/general',
      '/groups/a/b',
      '/projects/new',
      '/no/such/page',
      '/apiary',
      '/-/invites/x',
    ])
      expect(covered(page), page).toBe(true)
    for (const other of [
      '/api/v4/projects',
      '/api/graphql',
      '/api/auth/session',
      '/_next/static/chunks/app.js',
      '/favicon.ico',
      '/icon.svg',
    ])
      expect(covered(other), other).toBe(false)
  })
  it('sets the constant headers on everything Next serves, the same as STATIC_SECURITY_HEADERS', async () => {
    const rules = await (await nextConfig()).headers!()
    expect(rules).toHaveLength(1)
    expect(rules[0]!.source).toBe('/:path*')
    expect(Object.fromEntries(rules[0]!.headers.map((h) => [h.key, h.value]))).toEqual(STATIC_SECURITY_HEADERS)
  })
})
