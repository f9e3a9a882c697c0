// Controls a person can use (issue 32): settings drawn per type with GitLab's names for values and
// every invalid field reported at once; the pipeline editor as a code editor with line numbers and
// lint errors at their lines; exact times in the viewer's zone beside relative ones; a progress bar
// while a navigation waits for the server. Every test also fails on a CSP violation (helpers.ts),
// which is what holds CodeMirror's run-time styles to the nonce policy.
import { mkdirSync } from 'node:fs'
import { type APIRequestContext } from '@playwright/test'
import { createUser, expect, logIn, root, test } from './helpers'

const SHOTS = '/tmp/shots-c32-controls'
mkdirSync(SHOTS, { recursive: true })

const getSettings = async (request: APIRequestContext) =>
  (await (await request.get('/api/v4/application/settings', { headers: root })).json()) as Record<string, unknown>
const putSettings = async (request: APIRequestContext, data: Record<string, unknown>) => {
  const res = await request.put('/api/v4/application/settings', { headers: root, data })
  expect(res.status(), await res.text()).toBe(200)
}

test.describe('application settings', () => {
  let restore: Record<string, unknown> = {}
  test.afterEach(async ({ request }) => {
    if (Object.keys(restore).length) await putSettings(request, restore)
    restore = {}
  })

  test('values have names, lists are checkboxes and tokens, and every invalid field is reported at once', async ({
    page,
    request,
  }) => {
    const before = await getSettings(request)
    restore = {
      restricted_visibility_levels: before.restricted_visibility_levels ?? [],
      domain_allowlist: before.domain_allowlist,
      default_project_creation: before.default_project_creation,
    }
    await logIn(page, 'root', undefined, '/admin/settings')

    // Enumerations by name, as GitLab's admin area shows them: "Developers + Maintainers", not "2".
    const creation = page.getByTestId('setting-input-default_project_creation')
    await expect(creation.locator('option')).toHaveText([
      'No one',
      'Maintainers',
      'Developers + Maintainers',
      'Administrators',
      'Owners',
    ])
    await expect(page.getByTestId('setting-input-enabled_git_access_protocol').locator('option').first()).toHaveText(
      'Both SSH and HTTP(S)',
    )
    await expect(
      page.getByTestId('setting-input-default_project_visibility').getByRole('radio', { name: 'Internal' }),
    ).toBeVisible()

    // A visibility list as checkboxes, a string list as tokens: saved as the lists the API takes.
    await creation.selectOption({ label: 'Maintainers' })
    await page
      .getByTestId('setting-input-restricted_visibility_levels')
      .getByRole('checkbox', { name: 'Public' })
      .check()
    const domains = page.getByTestId('setting-input-domain_allowlist')
    await domains.fill('one.example.com')
    await domains.press('Enter')
    await domains.fill('two.example.com, three.example.com')
    await domains.press('Enter')
    await expect(page.locator('#setting-row-domain_allowlist [data-testid="token"] > span')).toHaveText([
      'one.example.com',
      'two.example.com',
      'three.example.com',
    ])
    await page.getByTestId('settings-save-general').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'General settings saved.' })).toBeVisible()
    const saved = await getSettings(request)
    expect(saved.default_project_creation).toBe(1)
    expect(saved.restricted_visibility_levels).toEqual(['public'])
    expect(saved.domain_allowlist).toEqual(['one.example.com', 'two.example.com', 'three.example.com'])

    // Two invalid fields of two kinds (JSON that does not parse; a number below its minimum): both
    // at their fields after one Save, and the earlier "saved" toast gone.
    const json = page.getByTestId('setting-input-sign_in_restrictions')
    await json.fill('{"a": 1,}')
    await expect(page.locator('#setting-row-sign_in_restrictions .cm-lint-marker-error')).toBeVisible()
    await page.getByTestId('setting-input-max_attachment_size').fill('0')
    await page.getByTestId('settings-save-general').click()
    await expect(page.getByTestId('setting-error-sign_in_restrictions')).toContainText(
      'Sign in restrictions is not valid JSON',
    )
    await expect(page.getByTestId('setting-error-max_attachment_size')).toContainText(
      'Max attachment size must be greater than or equal to 1',
    )
    await expect(page.getByTestId('toast')).toHaveCount(0)
    await expect(page.getByTestId('settings-saved')).toHaveCount(0)
    expect((await getSettings(request)).max_attachment_size).toBe(before.max_attachment_size)

    await page.locator('#setting-row-default_project_creation').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/settings-general.png`, fullPage: false })
    await page.locator('#setting-row-sign_in_restrictions').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/settings-errors.png`, fullPage: false })

    // The change history names the values too.
    await page.goto('/admin/settings/history')
    const change = page.getByTestId('settings-history-row').first().locator('li[data-key="default_project_creation"]')
    await expect(change).toContainText('→ Maintainers (1)')
  })
})

test('the pipeline editor is a code editor with line numbers and lint errors at their lines', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const project = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: `cm-editor-${stamp}`, initialize_with_readme: true },
  })
  expect(project.status()).toBe(201)
  const { path_with_namespace } = (await project.json()) as { path_with_namespace: string }
  await logIn(page, 'root', undefined, `/projects/${path_with_namespace}/-/ci/editor`)

  const editor = page.locator('[data-ui="code-editor"]')
  const content = page.getByTestId('ci-editor-content')
  await expect(content).toHaveAttribute('contenteditable', 'true')
  await content.fill('stages: [build]\n\nbuild:\n  stage: build\n  script: make\n  bogus: 1\n')
  // The text replaced the starter file (11 lines): 6 lines and the empty one after the last newline.
  await expect(editor.locator('.cm-line')).toHaveCount(7)
  await expect(editor.locator('.cm-line').nth(5)).toHaveText('  bogus: 1')
  // Line numbers in the gutter, one per line.
  await expect(editor.locator('.cm-lineNumbers .cm-gutterElement', { hasText: /^7$/ })).toBeVisible()
  await expect(editor.locator('.cm-lineNumbers .cm-gutterElement', { hasText: /^8$/ })).toHaveCount(0)
  // YAML highlighting: keys are tokens of their own.
  await expect(editor.locator('.cm-line').nth(2).locator('span').first()).toHaveText('build')

  await page.getByTestId('ci-editor-validate').click()
  await expect(page.getByTestId('ci-lint-errors')).toContainText('jobs:build config contains unknown keys: bogus')
  // The error is marked on line 6 (bogus: 1), in the text and in the gutter.
  await expect(editor.locator('.cm-line').nth(5).locator('.cm-lintRange-error')).toHaveText('bogus: 1')
  await expect(editor.locator('.cm-lintRange-error')).toHaveCount(1)
  await expect(editor.locator('.cm-gutter-lint .cm-lint-marker-error')).toHaveCount(1)

  // The editor takes the card's height, not four lines.
  const box = await editor.boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(400)
  await page.screenshot({ path: `${SHOTS}/ci-editor.png`, fullPage: false })
  // Dark mode: the editor takes the console's dark palette (its own theme is light only).
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(editor.locator('.cm-editor')).toHaveCSS('background-color', 'rgb(30, 33, 40)')
  await page.screenshot({ path: `${SHOTS}/ci-editor-dark.png`, fullPage: false })
  await page.emulateMedia({ colorScheme: 'light' })

  await content.fill('build:\n  script: make\n')
  await expect(editor.locator('.cm-line')).toHaveCount(3)
  await page.getByTestId('ci-editor-validate').click()
  await expect(page.getByTestId('ci-lint-valid')).toBeVisible()
  await expect(editor.locator('.cm-lintRange-error')).toHaveCount(0)
})

test.describe('exact times', () => {
  test.use({ timezoneId: 'Asia/Tokyo' })

  test("a broadcast's window and a token's expiry show the exact time in the viewer's zone beside the relative one", async ({
    page,
    request,
  }) => {
    // 40 days ahead at 12:34 UTC: 21:34 in Tokyo.
    const day = new Date(Date.now() + 40 * 86400_000).toISOString().slice(0, 10)
    const end = new Date(Date.now() + 70 * 86400_000).toISOString().slice(0, 10)
    const made = await request.post('/api/v4/broadcast_messages', {
      headers: root,
      data: { message: `window ${Date.now()}`, starts_at: `${day}T12:34:00Z`, ends_at: `${end}T03:00:00Z` },
    })
    expect(made.status()).toBe(201)
    const { id } = (await made.json()) as { id: number }
    const pages = Number(
      (await request.get('/api/v4/broadcast_messages?per_page=20', { headers: root })).headers()['x-total-pages'] ??
        '1',
    )

    const user = await createUser(request, `times${Date.now()}`)
    const token = await request.post(`/api/v4/users/${user.id}/personal_access_tokens`, {
      headers: root,
      data: { name: 'expiring', scopes: ['read_api'], expires_at: end },
    })
    expect(token.status()).toBe(201)
    const { id: tokenId } = (await token.json()) as { id: number }

    try {
      await logIn(page, 'root', undefined, `/admin/broadcast_messages?page=${pages}`)
      await expect(page.getByTestId(`broadcast-${id}-starts-exact`)).toContainText('21:34')
      await expect(page.getByTestId(`broadcast-${id}-starts-exact`)).toContainText('GMT+9')
      await expect(page.getByTestId(`broadcast-${id}-starts-relative`)).toHaveText(
        /^(in \d+ days|next month|in \d+ months)$/,
      )
      await expect(page.getByTestId(`broadcast-${id}-ends-exact`)).toContainText('12:00 GMT+9')

      await page.goto(`/admin/users/${user.id}`)
      const [y, m, d] = end.split('-').map(Number)
      const dateText = new Date(Date.UTC(y!, m! - 1, d)).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      })
      await expect(page.getByTestId(`token-${tokenId}-expires-exact`)).toContainText(dateText)
      await expect(page.getByTestId(`token-${tokenId}-expires-relative`)).toHaveText(
        /^(in \d+ days|next month|in \d+ months)$/,
      )
    } finally {
      await request.delete(`/api/v4/broadcast_messages/${id}`, { headers: root })
    }
  })

  test("a schedule's next run shows how far off it is beside its exact times", async ({ page, request }) => {
    const project = await request.post('/api/v4/projects', {
      headers: root,
      data: { name: `next-run-${Date.now()}`, initialize_with_readme: true },
    })
    expect(project.status()).toBe(201)
    const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
    const schedule = await request.post(`/api/v4/projects/${id}/pipeline_schedules`, {
      headers: root,
      data: { description: 'Weekly', ref: 'main', cron: '30 4 * * 1', cron_timezone: 'UTC' },
    })
    expect(schedule.status()).toBe(201)
    await logIn(page, 'root', undefined, `/projects/${path_with_namespace}/-/pipeline_schedules`)
    const cell = page.getByTestId('schedule-row').filter({ hasText: 'Weekly' }).getByTestId('schedule-next-run-at')
    // Mondays 04:30 UTC are 13:30 in Tokyo, and at most a week away.
    await expect(cell.getByTestId('schedule-next-run-at-viewer')).toContainText('13:30')
    await expect(cell.getByTestId('schedule-next-run-at-relative')).toHaveText(
      /^(in \d+ (minutes|hours|days)|tomorrow|next week|in 1 hour)$/,
    )
  })
})

test('a navigation waiting for the server shows the progress bar until the page arrives', async ({ page }) => {
  await logIn(page, 'root', undefined, '/admin')
  await expect(page.getByTestId('nav-progress')).toHaveCount(0)
  // Hold every RSC request for the Users page (prefetch and navigation) until released.
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/admin/users',
    async (route) => {
      if (route.request().headers()['rsc'] === '1') await gate
      await route.continue()
    },
  )
  await page.getByTestId('nav-admin-users').click()
  await expect(page.getByTestId('nav-progress')).toBeVisible()
  await expect(page.getByTestId('nav-progress')).toHaveClass(/nav-progress/)
  await expect(page).toHaveURL(/\/admin$/) // still waiting: the old page stays
  release()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await expect(page.getByTestId('nav-progress')).toHaveCount(0)
})
