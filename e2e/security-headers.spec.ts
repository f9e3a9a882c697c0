import type { APIResponse } from '@playwright/test'
import { expect, hydrated, logIn, root, test } from './helpers'

// Issue 31 A10: the console's answers as the production server sends them (API workers in front,
// the console process behind their loopback proxy): a Content-Security-Policy whose nonce is new
// for each request and is on every script Next renders, and the constant security headers; the
// API's answers carry GitLab's two. Whether a page then breaks the policy is every spec's check
// (e2e/helpers.ts's `test`); the last test here shows that check catching a violation.

const STATIC = {
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

/** The nonce of the answer's policy, after checking the policy and the constant headers. */
function policyNonce(res: APIResponse, what: string): string {
  const headers = res.headers()
  for (const [name, value] of Object.entries(STATIC)) expect(headers[name], `${what}: ${name}`).toBe(value)
  expect(headers['permissions-policy'], `${what}: permissions-policy`).toContain('camera=()')
  const policy = headers['content-security-policy'] ?? ''
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'(;|$)/.exec(policy)?.[1]
  expect(nonce, `${what}: a nonce in ${policy}`).toBeTruthy()
  for (const directive of [
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "connect-src 'self'",
  ])
    expect(policy, `${what}: ${directive}`).toContain(directive)
  expect(policy, what).not.toContain('unsafe-inline')
  return nonce!
}

/** Every <script> of the page carries the nonce (a script without it would not run). */
async function scriptsCarry(res: APIResponse, nonce: string, what: string) {
  const scripts = [...(await res.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
  expect(scripts.length, `${what}: scripts`).toBeGreaterThan(0)
  expect(
    scripts.filter((s) => !s.includes(` nonce="${nonce}"`)),
    `${what}: scripts without this request's nonce`,
  ).toEqual([])
}

test('console pages, the login page and the not-found page have a nonce-based policy, a new nonce each time', async ({
  page,
  request,
}) => {
  const login = await request.get('/login')
  expect(login.status()).toBe(200)
  const loginNonce = policyNonce(login, '/login')
  await scriptsCarry(login, loginNonce, '/login')
  const again = await request.get('/login')
  expect(policyNonce(again, '/login again'), 'a second request gets a nonce of its own').not.toBe(loginNonce)

  // Signed out, an unknown path may be a private item's GitLab URL: sign in first (as GitLab does),
  // a redirect carrying the headers; the not-found page itself is checked signed in, below.
  const unknown = await request.get('/no/such/page', { maxRedirects: 0 })
  expect(unknown.status()).toBe(307)
  expect(unknown.headers().location).toMatch(/^\/login\?callbackUrl=/)
  policyNonce(unknown, 'unknown path signed out')

  // An answer that is a redirect (the terms page signed out) carries the headers too.
  const terms = await request.get('/terms', { maxRedirects: 0 })
  expect(terms.status()).toBe(307)
  policyNonce(terms, '/terms')

  // A signed-in console page, through the browser's session.
  await logIn(page, 'root', undefined, '/admin')
  const missing = await page.request.get('/no/such/page')
  expect(missing.status()).toBe(404)
  await scriptsCarry(missing, policyNonce(missing, 'not found'), 'not found')
  const nonces = new Set<string>()
  for (const path of ['/admin', '/admin/settings/general', '/admin']) {
    const res = await page.request.get(path)
    expect(res.status(), path).toBe(200)
    const nonce = policyNonce(res, path)
    await scriptsCarry(res, nonce, path)
    nonces.add(nonce)
  }
  expect(nonces.size, 'one nonce per request').toBe(3)
})

test("Next's static files are not sniffed and the API answers with GitLab's headers", async ({ request }) => {
  const html = await (await request.get('/login')).text()
  const script = /<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+)"/.exec(html)?.[1]
  expect(script).toBeTruthy()
  const asset = await request.get(script!)
  expect(asset.status()).toBe(200)
  expect(asset.headers()['x-content-type-options']).toBe('nosniff')

  for (const [path, headers, status] of [
    ['/api/v4/version', root, 200],
    ['/api/v4/user', {}, 401],
  ] as const) {
    const res = await request.get(path, { headers })
    expect(res.status(), path).toBe(status)
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff')
    expect(res.headers()['x-frame-options'], path).toBe('SAMEORIGIN')
  }
})

test('a page that breaks the policy is caught, by its console line and by its securitypolicyviolation event', async ({
  page,
  cspViolations,
}) => {
  // An injection into the HTML as an XSS would make it: an inline script without the nonce and a
  // style attribute, with the answer's own policy. (Code run by page.evaluate would not do: the
  // browser exempts what the test tool runs from the page's policy.)
  await page.route('**/login', async (route) => {
    const answer = await route.fetch()
    const html = await answer.text()
    expect(html).toContain('<body>')
    await route.fulfill({
      response: answer,
      body: html.replace('<body>', '<body><script>document.title = "injected"</script><div style="color: red"></div>'),
    })
  })
  await page.goto('/login')
  await hydrated(page)
  expect(await page.title(), 'the injected script did not run').toBe('Sign in · Admin console')
  const seen = (what: string) =>
    cspViolations.filter((v) => v.includes(what)).map((v) => v.replace(/.*(securitypolicyviolation \S+).*/, '$1'))
  await expect
    .poll(() => seen('securitypolicyviolation').sort())
    .toEqual(['securitypolicyviolation script-src-elem', 'securitypolicyviolation style-src-attr'])
  await expect.poll(() => seen('violates the following Content Security Policy directive').length).toBe(2)
  // Caught as they should be: the fixture's own check after this test must not count them.
  cspViolations.length = 0
})
