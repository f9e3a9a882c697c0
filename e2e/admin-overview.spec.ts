// Admin → Overview: its counts are the API's own totals and every tile, health row and quick action
// leads to a real page; the latest settings change and broadcast message show. Then schedule times:
// a schedule made in Europe/Berlin by a viewer in New York shows its next runs in both zones and
// reopens with Europe/Berlin selected (and one made as "Berlin", GitLab's name, with "Berlin").
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test, logIn, ROOT_PASSWORD, ROOT_TOKEN } from './helpers'

const root = { 'PRIVATE-TOKEN': ROOT_TOKEN }

/** X-Total of a list as root (one item asked for: only the header matters). */
async function total(request: APIRequestContext, path: string, params: Record<string, string> = {}): Promise<string> {
  const res = await request.get(`/api/v4${path}`, { headers: root, params: { per_page: '1', ...params } })
  expect(res.status(), path).toBe(200)
  const value = res.headers()['x-total']
  expect(value, `${path} X-Total`).toMatch(/^\d+$/)
  return value!
}

const COUNTS = [
  { key: 'users', path: '/users', params: {}, href: '/admin/users' },
  { key: 'groups', path: '/groups', params: {}, href: '/groups' },
  { key: 'projects', path: '/projects', params: {}, href: '/projects' },
  { key: 'runners', path: '/runners/all', params: {}, href: '/admin/runners' },
  {
    key: 'queuedTasks',
    path: '/admin/queue/tasks',
    params: { status: 'pending' },
    href: '/admin/background_tasks?status=pending',
  },
] as const

/** Follows a link of the overview and checks it lands on a console page, not the 404. */
async function follows(page: Page, testId: string, url: RegExp) {
  await page.goto('/admin')
  await page.getByTestId(testId).click()
  await expect(page).toHaveURL(url)
  await expect(page.getByTestId('not-found')).toHaveCount(0)
  await expect(page.locator('h1').first()).toBeVisible()
}

test('the admin overview counts what the API counts and links to each page', async ({ page, request }) => {
  // About twenty page loads: on a loaded machine (load 8 beside a clean-clone run) they took the
  // whole 60 s of the default and the run stopped on the last link.
  test.setTimeout(120_000)
  const stamp = Date.now()
  // A group and a project more, so no count is trivially zero.
  const group = await request.post('/api/v4/groups', {
    headers: root,
    data: { name: `overview-${stamp}`, path: `overview-${stamp}` },
  })
  expect(group.status()).toBe(201)
  const groupId = ((await group.json()) as { id: number }).id
  expect(
    (
      await request.post('/api/v4/projects', {
        headers: root,
        data: { name: `overview-${stamp}`, namespace_id: groupId },
      })
    ).status(),
  ).toBe(201)
  // Recent admin changes: an inert setting, and a message scheduled for tomorrow (no banner today).
  const text = `after sign-up ${stamp}`
  expect(
    (await request.put('/api/v4/application/settings', { headers: root, data: { after_sign_up_text: text } })).status(),
  ).toBe(200)
  const tomorrow = Date.now() + 24 * 3600_000
  const message = await request.post('/api/v4/broadcast_messages', {
    headers: root,
    data: {
      message: `Overview broadcast ${stamp}`,
      starts_at: new Date(tomorrow).toISOString(),
      ends_at: new Date(tomorrow + 3600_000).toISOString(),
    },
  })
  expect(message.status()).toBe(201)
  const messageId = ((await message.json()) as { id: number }).id

  try {
    await logIn(page, 'root', ROOT_PASSWORD, '/admin')
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page).toHaveTitle(/^Admin area/)
    await expect(page.getByTestId('breadcrumbs')).toContainText('Admin area')

    // Background work may queue a task between two reads: compare again after a reload until both agree.
    await expect(async () => {
      await page.reload()
      for (const c of COUNTS)
        await expect(page.getByTestId(`overview-count-${c.key}`), c.key).toHaveAttribute(
          'data-value',
          await total(request, c.path, c.params),
          { timeout: 1000 },
        )
    }).toPass({ timeout: 20_000 })
    await expect(page.getByTestId('overview-count-pendingJobs')).toHaveAttribute('data-value', /^\d+$/)

    await expect(page.getByTestId('overview-version')).toContainText(/GitLab API \d+\.\d+\.\d+/)
    await expect(page.getByTestId('overview-database')).toHaveText(/^(SQLite|PostgreSQL) \d+\.\d+/)
    for (const key of ['mail', 'registry', 'background']) {
      await expect(page.getByTestId(`overview-health-${key}`)).toHaveAttribute('data-state', /^(ok|warn|bad|off)$/)
      await expect(page.getByTestId(`overview-health-${key}-reason`)).not.toBeEmpty()
    }
    await expect(page.getByTestId('overview-settings-change').first()).toContainText('after_sign_up_text')
    await expect(page.getByTestId('overview-settings-change').first()).toContainText('@root')
    await expect(
      page.getByTestId('overview-broadcast').filter({ hasText: `Overview broadcast ${stamp}` }),
    ).toContainText('Scheduled')

    for (const c of COUNTS)
      await follows(page, `overview-count-${c.key}`, new RegExp(`${c.href.replace(/[?]/g, '\\?')}$`))
    await follows(page, 'overview-count-pendingJobs', /\/admin\/runners$/)
    await follows(page, 'overview-health-background-link', /\/admin\/background_tasks$/)
    await follows(page, 'overview-settings-changes-more', /\/admin\/settings\/history$/)
    await follows(page, 'overview-broadcasts-more', /\/admin\/broadcast_messages$/)
    // No SMTP_URL in the e2e server: mail goes to the outbox, which the mail row links.
    await page.goto('/admin')
    await expect(page.getByTestId('overview-health-mail')).toHaveAttribute('data-state', 'warn')
    await follows(page, 'overview-health-mail-link', /\/admin\/outbox$/)
    await follows(page, 'overview-action-new-user', /\/admin\/users\/new$/)
    await follows(page, 'overview-action-new-group', /\/groups\/new$/)
    await follows(page, 'overview-action-new-project', /\/projects\/new$/)
  } finally {
    await request.delete(`/api/v4/broadcast_messages/${messageId}`, { headers: root })
    await request.put('/api/v4/application/settings', { headers: root, data: { after_sign_up_text: null } })
  }
})

test.describe('schedule times', () => {
  // The viewer is in New York, six (or five) hours behind Berlin.
  test.use({ timezoneId: 'America/New_York' })

  /** "HH:MM" of an instant in a zone, as the console writes it (24-hour clock). */
  const hhmm = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(iso),
    )

  test('a schedule in Europe/Berlin shows its runs in both zones and reopens with its zone selected', async ({
    page,
    request,
  }) => {
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(e.message))
    const stamp = Date.now()
    const project = await request.post('/api/v4/projects', {
      headers: root,
      data: { name: `sched-tz-${stamp}`, initialize_with_readme: true },
    })
    expect(project.status()).toBe(201)
    const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
    // One made through the API with GitLab's display name for the same zone.
    const byName = await request.post(`/api/v4/projects/${id}/pipeline_schedules`, {
      headers: root,
      data: { description: 'Named zone', ref: 'main', cron: '30 6 * * *', cron_timezone: 'Berlin' },
    })
    expect(byName.status()).toBe(201)

    await logIn(page, 'root', ROOT_PASSWORD, `/projects/${path_with_namespace}/-/pipeline_schedules`)
    // Typed before hydration, the cron would be in the box but not in the form's state.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    const form = page.getByTestId('schedule-form')
    await form.getByTestId('schedule-description-input').fill('Berlin nightly')
    await form.getByTestId('schedule-cron-input').fill('0 4 * * *')
    // IANA zones are listed once the page has hydrated; selectOption waits for the option.
    await form.getByTestId('schedule-timezone-select').selectOption('Europe/Berlin')
    const runs = form.getByTestId('schedule-next-run')
    await expect(runs).toHaveCount(5)
    await expect(runs.first().getByTestId('schedule-next-run-zone')).toContainText('04:00')
    await expect(runs.first().getByTestId('schedule-next-run-zone')).toContainText('(Europe/Berlin)')
    await expect(runs.first().getByTestId('schedule-next-run-viewer')).toContainText('(America/New_York)')
    await form.getByTestId('schedule-submit').click()
    await expect(page.getByRole('status').filter({ hasText: 'Schedule created.' })).toBeVisible()

    const list = (await (await request.get(`/api/v4/projects/${id}/pipeline_schedules`, { headers: root })).json()) as {
      description: string
      cron_timezone: string
      next_run_at: string
    }[]
    const created = list.find((s) => s.description === 'Berlin nightly')
    expect(created?.cron_timezone).toBe('Europe/Berlin')
    const next = created!.next_run_at

    const row = page.getByTestId('schedule-row').filter({ hasText: 'Berlin nightly' })
    const at = row.getByTestId('schedule-next-run-at')
    await expect(at.getByTestId('schedule-next-run-at-zone')).toContainText(hhmm(next, 'Europe/Berlin'))
    await expect(at.getByTestId('schedule-next-run-at-zone')).toContainText('(Europe/Berlin)')
    await expect(at.getByTestId('schedule-next-run-at-viewer')).toContainText(hhmm(next, 'America/New_York'))
    await expect(at.getByTestId('schedule-next-run-at-viewer')).toContainText('(America/New_York)')

    await row.getByTestId('schedule-edit-button').click()
    const edit = page.getByTestId('schedule-edit-form')
    await expect(edit.getByTestId('schedule-timezone-select')).toHaveValue('Europe/Berlin')
    await expect(edit.getByTestId('schedule-timezone-custom-input')).toHaveCount(0)
    await expect(edit.getByTestId('schedule-next-run').first().getByTestId('schedule-next-run-viewer')).toContainText(
      '(America/New_York)',
    )
    await row.getByTestId('schedule-edit-button').click()

    const named = page.getByTestId('schedule-row').filter({ hasText: 'Named zone' })
    await expect(named.getByTestId('schedule-next-run-at-zone')).toContainText('06:30')
    await expect(named.getByTestId('schedule-next-run-at-zone')).toContainText('(Berlin, Europe/Berlin)')
    await named.getByTestId('schedule-edit-button').click()
    await expect(page.getByTestId('schedule-edit-form').getByTestId('schedule-timezone-select')).toHaveValue('Berlin')

    // A fresh load hydrates without a mismatch (the server wrote UTC, the browser its zones).
    await page.reload()
    await expect(
      page.getByTestId('schedule-row').filter({ hasText: 'Berlin nightly' }).getByTestId('schedule-next-run-at-viewer'),
    ).toBeVisible()
    expect(errors).toEqual([])
  })
})
