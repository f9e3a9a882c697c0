import { mkdirSync } from 'node:fs'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test, createUser, hydrated, logIn, root } from './helpers'

// Issue 32, orientation: the project's sections in GitLab's menus (Build, Settings) on one row at
// 1280 px and usable at 390 px, a skip-to-content link, lists before their "New …" forms, toasts
// that never cover the row whose button wrote, an invite result that says what happened, and the
// API's web_urls opening the console's page for the same item.

const SHOTS = '/tmp/shots-c32-orient'

async function post<T>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(`/api/v4${url}`, { headers: root, data })
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201)
  return (await res.json()) as T
}

async function get<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(`/api/v4${url}`, { headers: root })
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200)
  return (await res.json()) as T
}

interface Box {
  x: number
  y: number
  width: number
  height: number
}
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox()
  expect(b, 'the element has a box').not.toBeNull()
  return b!
}

async function projectFixture(request: APIRequestContext, prefix: string) {
  const stamp = `${Date.now()}${process.pid}`
  const group = await post<{ id: number; name: string; full_path: string; web_url: string }>(request, '/groups', {
    name: `${prefix} ${stamp}`,
    path: `${prefix}-${stamp}`,
  })
  const project = await post<{ id: number; path_with_namespace: string; name_with_namespace: string; web_url: string }>(
    request,
    '/projects',
    {
      name: 'Orient App',
      path: 'orient-app',
      namespace_id: group.id,
      initialize_with_readme: true,
    },
  )
  return { stamp, group, project }
}

test('the project sections sit in Build and Settings menus: one row at 1280 px, keyboard and aria, usable at 390 px', async ({
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true })
  const { project } = await projectFixture(request, 'menus')
  await page.setViewportSize({ width: 1280, height: 800 })
  await logIn(page, 'root', undefined, `/projects/${project.path_with_namespace}`)
  const nav = page.getByRole('navigation', { name: 'Sections' })
  const build = page.getByTestId('section-menu-build')
  const settings = page.getByTestId('section-menu-settings')

  // One row: every entry of the section row starts at the same height.
  const tops = await nav
    .locator(':scope > *')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)))
  expect(tops.length).toBeGreaterThan(3)
  expect(new Set(tops).size, `section row entries' tops ${tops.join(', ')}`).toBe(1)
  await expect(nav.locator(':scope > a')).toHaveText([
    'Overview',
    'Issues',
    'Members',
    'Snippets',
    'Container registry',
  ])

  // Build: a disclosure button over its links, closed at first.
  await expect(build).toHaveAttribute('aria-expanded', 'false')
  const buildList = page.locator(`[id="${await build.getAttribute('aria-controls')}"]`)
  await expect(buildList).toBeHidden()
  await build.focus()
  await page.keyboard.press('Enter')
  await expect(build).toHaveAttribute('aria-expanded', 'true')
  await expect(buildList.getByRole('link')).toHaveText(['Pipelines', 'Jobs', 'Pipeline editor', 'Schedules'])
  // The arrow keys walk the links; Escape closes and gives focus back to the button.
  await page.keyboard.press('ArrowDown')
  await expect(buildList.getByRole('link', { name: 'Pipelines' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(buildList.getByRole('link', { name: 'Jobs' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(build).toHaveAttribute('aria-expanded', 'false')
  await expect(build).toBeFocused()
  await expect(buildList).toBeHidden()

  // Settings, opened with the mouse; a click elsewhere closes it.
  await settings.click()
  const settingsLinks = page.getByRole('navigation', { name: 'Sections' }).getByRole('link').filter({ visible: true })
  await expect(page.locator('.section-menu-panel:visible').getByRole('link')).toHaveText([
    'General',
    'Repository',
    'CI/CD',
    'Packages and registries',
    'Access tokens',
  ])
  expect(await settingsLinks.count()).toBe(10)
  await page.screenshot({ path: `${SHOTS}/project-menu-settings-open-1280.png` })
  await page.getByRole('heading', { level: 1 }).click()
  await expect(settings).toHaveAttribute('aria-expanded', 'false')

  // Following a menu link opens the page and marks the menu current.
  await build.click()
  await page.screenshot({ path: `${SHOTS}/project-menu-build-open-1280.png` })
  await page.locator('.section-menu-panel:visible').getByRole('link', { name: 'Jobs' }).click()
  await expect(page).toHaveURL(/\/-\/jobs$/)
  await expect(build).toHaveClass(/active/)
  await expect(build).toHaveAttribute('aria-expanded', 'false')
  await build.click()
  await expect(page.locator('.section-menu-panel:visible').getByRole('link', { name: 'Jobs' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // A phone: the row wraps at most once, nothing overflows, an open menu stays on the screen.
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto(`/projects/${project.path_with_namespace}`)
  await hydrated(page)
  const phoneTops = await nav
    .locator(':scope > *')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)))
  expect(new Set(phoneTops).size, `rows at 390 px: ${phoneTops.join(', ')}`).toBeLessThanOrEqual(2)
  await settings.click()
  const panel = page.locator('.section-menu-panel:visible')
  await expect(panel.getByRole('link', { name: 'Access tokens' })).toBeVisible()
  const p = await box(panel)
  expect(p.x).toBeGreaterThanOrEqual(0)
  expect(p.x + p.width).toBeLessThanOrEqual(390)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0)
  await page.screenshot({ path: `${SHOTS}/project-menu-settings-open-390.png` })
  await panel.getByRole('link', { name: 'Access tokens' }).click()
  await expect(page).toHaveURL(/\/-\/settings\/access_tokens$/)
  await build.click()
  await page.screenshot({ path: `${SHOTS}/project-menu-build-open-390.png` })
})

test('the first Tab stop is a visible "Skip to content" link that moves focus to the page', async ({ page }) => {
  await logIn(page, 'root', undefined, '/admin/runners')
  await page.goto('/admin/runners')
  await hydrated(page)
  const skip = page.getByTestId('skip-link')
  // Out of sight until focused.
  expect((await box(skip)).y + (await box(skip)).height).toBeLessThanOrEqual(0)
  await page.keyboard.press('Tab')
  await expect(skip).toBeFocused()
  const shown = await box(skip)
  expect(shown.y).toBeGreaterThanOrEqual(0)
  await expect(skip).toHaveText('Skip to content')
  await page.keyboard.press('Enter')
  await expect(page.locator('main#content')).toBeFocused()
  // The next Tab lands inside the page, past the top bar and the side nav.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => !!document.activeElement?.closest('main#content'))).toBe(true)
})

test('runners, broadcast messages and schedules list first; the "New …" form waits below behind a header button', async ({
  page,
  request,
}) => {
  const { project } = await projectFixture(request, 'lists')
  await logIn(page, 'root', undefined, '/admin/runners')
  const below = async (list: Locator, form: Locator, link: Locator, hash: string) => {
    expect((await box(list)).y, 'the list above the form').toBeLessThan((await box(form)).y)
    await expect(link).toHaveAttribute('href', hash)
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${hash}$`))
    await expect(form).toBeInViewport()
  }
  await below(
    page.getByTestId('runners-list-card'),
    page.getByTestId('new-runner-card'),
    page.getByTestId('new-runner-link'),
    '#new-runner',
  )
  await page.goto('/admin/broadcast_messages')
  await below(
    page.getByTestId('broadcast-list-card'),
    page.getByTestId('new-broadcast-card'),
    page.getByTestId('new-broadcast-link'),
    '#new-broadcast',
  )
  await post(request, `/projects/${project.id}/pipeline_schedules`, {
    description: 'Nightly',
    ref: 'main',
    cron: '0 2 * * *',
    cron_timezone: 'UTC',
  })
  await page.goto(`/projects/${project.path_with_namespace}/-/pipeline_schedules`)
  await expect(page.getByTestId('schedules-table')).toBeVisible()
  await below(
    page.getByTestId('schedules-table'),
    page.getByTestId('new-schedule-block'),
    page.getByTestId('new-schedule-link'),
    '#new-schedule',
  )
})

test("a toast never covers the buttons of the row that wrote, at the screen's bottom or top", async ({
  page,
  request,
}) => {
  const description = `toast runner ${Date.now()}`
  const runner = await post<{ id: number }>(request, '/user/runners', { runner_type: 'instance_type', description })
  await page.setViewportSize({ width: 1280, height: 560 })
  await logIn(page, 'root', undefined, `/admin/runners?search=${encodeURIComponent(description)}`)
  const row = page.getByTestId('runners-table').locator('tr', { hasText: description })
  const buttons = row.locator('button')

  const writeAndCheck = async (block: 'end' | 'start', testId: string, toastText: string) => {
    // The row at the screen's bottom edge (where a bottom-right toast stands: the screen is cut just
    // below it), or in the upper half of a tall screen.
    await page.evaluate(() => window.scrollTo(0, 0))
    const rowBottom = await row.evaluate((el) => el.getBoundingClientRect().bottom)
    await page.setViewportSize({ width: 1280, height: block === 'end' ? Math.ceil(rowBottom) + 4 : 1000 })
    const r = await box(row)
    if (block === 'end')
      expect(r.y + r.height, 'the row ends at the bottom edge').toBeGreaterThan(Math.ceil(rowBottom) - 10)
    else expect(r.y + r.height / 2, 'the row in the upper half').toBeLessThan(500)
    await page.getByTestId(testId).click()
    const toast = page.getByTestId('toast').filter({ hasText: toastText })
    await expect(toast).toBeVisible()
    const t = await box(toast)
    // Placed at the other half of the screen from the pressed row.
    await expect(page.getByTestId('toasts')).toHaveAttribute('data-placement', block === 'end' ? 'top' : 'bottom')
    const bs = await Promise.all((await buttons.all()).map(box))
    for (const bb of bs)
      expect(
        intersects(t, bb),
        `toast ${JSON.stringify(t)} over the button ${JSON.stringify(bb)} (row scrolled to the ${block})`,
      ).toBe(false)
    if (block === 'end') {
      // The check can fail: the same toast at the bottom right, where it stood before issue 32, covers the row's buttons.
      await page.getByTestId('toasts').evaluate((el) => el.setAttribute('data-placement', 'bottom'))
      const atBottom = await box(toast)
      expect(
        bs.some((bb) => intersects(atBottom, bb)),
        `a bottom-right toast ${JSON.stringify(atBottom)} would cover a button of ${JSON.stringify(bs)}`,
      ).toBe(true)
    }
    await toast.getByRole('button', { name: 'Dismiss' }).click()
    await expect(toast).toHaveCount(0)
  }
  // At the bottom edge of the screen (where a bottom-right toast would sit), then the top.
  await writeAndCheck('end', `runner-${runner.id}-pause`, 'paused')
  await expect(page.getByTestId(`runner-${runner.id}-resume`)).toBeVisible()
  await writeAndCheck('start', `runner-${runner.id}-resume`, 'resumed')
})

test('the invite result says which happened: invited by e-mail, or added at once as a member', async ({
  page,
  request,
}) => {
  const { stamp, group } = await projectFixture(request, 'invres')
  const existing = await createUser(request, `invres${stamp}`)
  const fresh = `nobody-${stamp}@example.com`
  await logIn(page, 'root', undefined, `/groups/${group.full_path}/-/group_members`)
  await page.getByTestId('invite-targets-input').fill(`${fresh} ${existing.username}@example.com`)
  await page.getByTestId('invite-submit').click()
  const results = page.getByTestId('invite-result')
  await expect(results).toHaveCount(2)
  await expect(results.filter({ hasText: fresh })).toContainText('Invited by e-mail')
  await expect(results.filter({ hasText: `${existing.username}@example.com` })).toContainText(
    'Added as a member at once',
  )
  await expect(page.getByTestId('invitation-row').filter({ hasText: fresh })).toHaveCount(1)
  await expect(page.locator(`[data-testid="member-row"][data-username="${existing.username}"]`)).toHaveCount(1)
  // One address alone: the toast says it too.
  const second = await createUser(request, `invres2${stamp}`)
  await page.getByTestId('invite-targets-input').fill(`${second.username}@example.com`)
  await page.getByTestId('invite-submit').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Added as a member at once.' })).toBeVisible()
})

/** The web_url's path (the API names this server, EXTERNAL_URL). */
const pathOf = (webUrl: string) => new URL(webUrl).pathname

async function follow(page: Page, webUrl: string, consolePath: string, name: string) {
  await page.goto(pathOf(webUrl))
  await expect(page, `${webUrl} → ${consolePath}`).toHaveURL((u) => decodeURIComponent(u.pathname) === consolePath)
  await expect(page).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
}

test("the API's web_urls open the console's page for the same item, signed in or after signing in", async ({
  page,
  request,
}) => {
  const { stamp, group, project } = await projectFixture(request, 'weburl')
  const p = project.path_with_namespace
  await post(request, `/projects/${project.id}/repository/files/.gitlab-ci.yml`, {
    branch: 'main',
    content: 'stages: [build]\nbuild-app:\n  stage: build\n  script: [echo hi]\n',
    commit_message: 'CI',
  })
  const pipeline = await post<{ id: number; web_url: string }>(request, `/projects/${project.id}/pipeline`, {
    ref: 'main',
  })
  const jobs = await get<{ id: number; name: string; web_url: string }[]>(
    request,
    `/projects/${project.id}/pipelines/${pipeline.id}/jobs`,
  )
  const issue = await post<{ iid: number; title: string; web_url: string }>(request, `/projects/${project.id}/issues`, {
    title: `Broken login ${stamp}`,
  })
  const snippet = await post<{ id: number; title: string; web_url: string }>(
    request,
    `/projects/${project.id}/snippets`,
    {
      title: `Notes ${stamp}`,
      file_name: 'notes.md',
      content: '# notes',
      visibility: 'private',
    },
  )
  const epic = await post<{ iid: number; title: string; web_url: string }>(request, `/groups/${group.id}/epics`, {
    title: `Roadmap ${stamp}`,
  })
  const user = await createUser(request, `weburluser${stamp}`)
  const userJson = await get<{ id: number; name: string; web_url: string }>(request, `/users/${user.id}`)

  // What the API wrote is GitLab's shape, not the console's.
  expect(pathOf(project.web_url)).toBe(`/${p}`)
  expect(pathOf(pipeline.web_url)).toBe(`/${p}/-/pipelines/${pipeline.id}`)
  expect(pathOf(epic.web_url)).toBe(`/groups/${group.full_path}/-/epics/${epic.iid}`)
  expect(pathOf(userJson.web_url)).toBe(`/${user.username}`)
  expect(jobs.length).toBeGreaterThan(0)

  // Signed out: a project's web_url asks to sign in first and then opens the project.
  await page.goto(pathOf(project.web_url))
  await expect(page).toHaveURL(/\/login\?callbackUrl=/)
  await logIn(page, 'root', undefined, pathOf(project.web_url))
  await expect(page).toHaveURL((u) => decodeURIComponent(u.pathname) === `/projects/${p}`)

  await follow(page, project.web_url, `/projects/${p}`, project.name_with_namespace)
  await follow(page, pipeline.web_url, `/projects/${p}/-/pipelines/${pipeline.id}`, `Pipeline #${pipeline.id}`)
  await follow(page, jobs[0]!.web_url, `/projects/${p}/-/jobs/${jobs[0]!.id}`, jobs[0]!.name)
  await follow(page, issue.web_url, `/projects/${p}/-/issues/${issue.iid}`, issue.title)
  await follow(page, snippet.web_url, `/projects/${p}/-/snippets/${snippet.id}`, snippet.title)
  await follow(page, epic.web_url, `/groups/${group.full_path}/-/epics/${epic.iid}`, epic.title)
  await follow(page, group.web_url, `/groups/${group.full_path}`, group.name)
  // GitLab also serves a group at /<path>, as it does a user's namespace.
  await follow(page, `${new URL(project.web_url).origin}/${group.full_path}`, `/groups/${group.full_path}`, group.name)
  await follow(page, userJson.web_url, `/admin/users/${user.id}`, userJson.name)
  // A sub-page the console lacks opens the project; nothing at all is the console's 404.
  await follow(page, `${project.web_url}/-/tree/main`, `/projects/${p}`, project.name_with_namespace)
  const missing = await page.goto(`/${group.full_path}/no-such-project-${stamp}`)
  expect(missing?.status()).toBe(404)
  await expect(page.getByTestId('not-found')).toBeVisible()
})
