import {
  expect as baseExpect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test'

// Every spec takes `test` and `expect` from here: `test` fails any test during which a page broke
// the console's Content-Security-Policy (issue 31 A10), whichever context the page was in.
export const expect = baseExpect

/** Content-Security-Policy violations seen by this worker's pages since its current test began. */
const cspViolations: string[] = []
const guarded = new WeakSet<BrowserContext>()

/**
 * Records every CSP violation of the context's pages, two ways: Chromium's console line
 * ("Refused to … because it violates the following Content Security Policy directive"), and the
 * document's `securitypolicyviolation` event, which an init script (run before any page script,
 * CSP or not) hands to the test process through a binding at once: read from `window` later, it
 * would be lost with the document when the page navigates on.
 */
export async function guardCsp(context: BrowserContext): Promise<void> {
  if (guarded.has(context)) return
  guarded.add(context)
  context.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) cspViolations.push(`${m.location().url}: ${m.text()}`)
  })
  await context.exposeBinding('__reportCspViolation', ({ page }, line: string) => {
    cspViolations.push(`${page.url()}: ${line}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => Promise<void> })
        .__reportCspViolation
      void report(
        `securitypolicyviolation ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`,
      )
    })
  })
}

export const test = base.extend<{ cspViolations: string[] }>({
  // Every context, the default one and each a spec opens with browser.newContext(), is guarded
  // before its first page exists (Playwright's own context fixture calls browser.newContext too).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        await guardCsp(context)
        return context
      }
      await use(browser)
    },
    { scope: 'worker' },
  ],
  /** This test's violations so far (a spec that provokes one on purpose reads and clears it). */
  cspViolations: [
    // Playwright reads a fixture's dependencies from its first argument's pattern: it has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      cspViolations.length = 0
      await use(cspViolations)
      expect(cspViolations, 'Content Security Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

// Seeded by playwright.config.ts's webServer environment.
export const ROOT_PASSWORD = 'e2e-root-password-1'
export const ROOT_TOKEN = 'glpat-e2e-root-token-000000001'

export async function logIn(page: Page, login = 'root', password = ROOT_PASSWORD, target = '/projects') {
  await page.goto(target)
  await expect(page).toHaveURL(/\/login/)
  await page.getByTestId('login-input').fill(login)
  await page.getByTestId('password-input').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('current-user')).toBeVisible()
  await hydrated(page)
}

/** React has hydrated the page (components/layout/hydration-mark.tsx): a click now reaches its handler. */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

export const root = { 'PRIVATE-TOKEN': ROOT_TOKEN }
/** The password of every user the specs create. */
export const USER_PASSWORD = 'e2e-user-password-1'

export async function createUser(request: APIRequestContext, username: string) {
  const res = await request.post('/api/v4/users', {
    headers: root,
    data: {
      username,
      email: `${username}@example.com`,
      name: username,
      password: USER_PASSWORD,
      skip_confirmation: true,
    },
  })
  expect(res.status()).toBe(201)
  return (await res.json()) as { id: number; username: string }
}

/** A fresh group with an Owner and a Maintainer (the usual cast of the owner-only pages). */
export async function groupWithOwnerAndMaintainer(request: APIRequestContext, prefix: string) {
  const stamp = Date.now()
  const group = await request.post('/api/v4/groups', {
    headers: root,
    data: { name: `${prefix}-${stamp}`, path: `${prefix}-${stamp}` },
  })
  expect(group.status()).toBe(201)
  const { id, full_path } = (await group.json()) as { id: number; full_path: string }
  const owner = await createUser(request, `${prefix}owner${stamp}`)
  const maintainer = await createUser(request, `${prefix}maint${stamp}`)
  for (const [user, access_level] of [
    [owner, 50],
    [maintainer, 40],
  ] as const) {
    const res = await request.post(`/api/v4/groups/${id}/members`, {
      headers: root,
      data: { user_id: user.id, access_level },
    })
    expect(res.status()).toBe(201)
  }
  return { id, full_path, stamp, owner, maintainer }
}
