// A pipeline schedule's own page (issue 32: every detail page names its item). A Maintainer opens a
// schedule from the list, reads it (title, breadcrumbs, cron and zone, next run, hidden variables,
// inputs), then plays it, deactivates it, takes it over, edits it and deletes it: each write shows
// its toast and its new state on the same document (no reload). GitLab's own path for a schedule
// (…/-/pipeline_schedules/:id/edit) opens the page; a schedule the viewer cannot see is the 404.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test, createUser, hydrated, logIn, root, USER_PASSWORD } from './helpers'

type Marked = Window & { __sameDocument?: boolean }
const markDocument = (page: Page) => page.evaluate(() => void ((window as Marked).__sameDocument = true))
async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as Marked).__sameDocument === true),
    'the new state came without a reload',
  ).toBe(true)
}

async function post<T>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(`/api/v4${url}`, { headers: root, data })
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201)
  return (await res.json()) as T
}

interface Schedule {
  id: number
  description: string
  active: boolean
  owner: { username: string } | null
  last_pipeline: { id: number } | null
}

async function readSchedule(
  request: APIRequestContext,
  projectId: number,
  id: number,
): Promise<{ status: number; body: Schedule }> {
  const res = await request.get(`/api/v4/projects/${projectId}/pipeline_schedules/${id}`, { headers: root })
  return { status: res.status(), body: (await res.json()) as Schedule }
}

/** A project with a CI configuration (Play creates a pipeline only with one) and a schedule of root's. */
async function projectWithSchedule(request: APIRequestContext, prefix: string) {
  const stamp = `${Date.now()}`
  const project = await post<{ id: number; path_with_namespace: string; name_with_namespace: string }>(
    request,
    '/projects',
    {
      name: `${prefix}-${stamp}`,
      initialize_with_readme: true,
    },
  )
  await post(request, `/projects/${project.id}/repository/files/.gitlab-ci.yml`, {
    branch: 'main',
    content: 'build:\n  script: echo hi\n',
    commit_message: 'CI',
  })
  const name = `Nightly build ${stamp}`
  const schedule = await post<{ id: number }>(request, `/projects/${project.id}/pipeline_schedules`, {
    description: name,
    ref: 'main',
    cron: '0 3 * * *',
    cron_timezone: 'Berlin',
    inputs: [{ name: 'region', value: 'eu' }],
  })
  await post(request, `/projects/${project.id}/pipeline_schedules/${schedule.id}/variables`, {
    key: 'DEPLOY_TOKEN',
    value: `secret-${stamp}`,
  })
  return { stamp, project, schedule, name }
}

test('a maintainer opens a schedule from the list, plays, deactivates, takes over, edits and deletes it without a reload', async ({
  page,
  request,
}) => {
  const { stamp, project, schedule, name } = await projectWithSchedule(request, 'sched-page')
  const p = project.path_with_namespace
  const maintainer = await createUser(request, `schedpage${stamp}`)
  await post(request, `/projects/${project.id}/members`, { user_id: maintainer.id, access_level: 40 })

  await logIn(page, maintainer.username, USER_PASSWORD, `/projects/${p}/-/pipeline_schedules`)
  const row = page.getByTestId('schedule-row').filter({ hasText: name })
  await row.getByRole('link', { name }).click()
  const own = `/projects/${p}/-/pipeline_schedules/${schedule.id}`
  await expect(page).toHaveURL((u) => decodeURIComponent(u.pathname) === own)

  // The title and the breadcrumbs name the schedule, the page's own name first.
  await expect(page).toHaveTitle(`${name} · Schedules · ${project.name_with_namespace} · Admin console`)
  await expect(page.getByTestId('breadcrumbs')).toContainText(name)
  await expect(page.getByTestId('schedule-title')).toContainText(name)
  await expect(page.getByTestId('schedule-state')).toHaveText('Active')
  await expect(page.getByTestId('schedule-ref')).toHaveText('main')
  await expect(page.getByTestId('schedule-cron')).toContainText('0 3 * * *')
  await expect(page.getByTestId('schedule-timezone')).toContainText('Europe/Berlin')
  // The next run in the schedule's zone, in the viewer's and how far off it is.
  await expect(page.getByTestId('schedule-next-run-at-zone')).toContainText('Europe/Berlin')
  await expect(page.getByTestId('schedule-next-run-at-viewer')).toBeVisible()
  await expect(page.getByTestId('schedule-next-run-at-relative')).toHaveText(/^(in |tomorrow)/)
  await expect(page.getByTestId('schedule-owner')).toContainText('(@root)')
  // Only an administrator gets the owner as a link (the Admin area's user page).
  await expect(page.getByTestId('schedule-owner-link')).toHaveCount(0)
  await expect(page.getByTestId('schedule-input')).toHaveText(['region = eu'])
  // Variable values stay hidden until asked for.
  await expect(page.getByTestId('schedule-variable-key')).toHaveText(['DEPLOY_TOKEN'])
  await expect(page.getByTestId('schedule-variable-value')).toHaveCount(0)
  await expect(page.getByTestId('schedule-page')).not.toContainText(`secret-${stamp}`)
  await page.getByTestId('schedule-variables-reveal').click()
  await expect(page.getByTestId('schedule-variable-value')).toHaveText(`secret-${stamp}`)
  await expect(page.getByTestId('schedule-last-pipeline')).toHaveText('None yet')
  await expect(page.getByTestId('schedule-pipelines-empty')).toBeVisible()

  await hydrated(page)
  await markDocument(page)
  const toasts = page.getByTestId('toast')

  // Play: a pipeline now; the last pipeline and the schedule's pipelines show it.
  await page.getByTestId('schedule-play-button').click()
  await expect(toasts.filter({ hasText: `Pipeline for “${name}” started.` })).toHaveCount(1)
  const last = page.getByTestId('schedule-last-pipeline-link')
  await expect(last).toHaveText(/^#\d+$/)
  const played = (await readSchedule(request, project.id, schedule.id)).body.last_pipeline
  expect(played).not.toBeNull()
  await expect(last).toHaveText(`#${played!.id}`)
  await expect(last).toHaveAttribute('href', `/projects/${p}/-/pipelines/${played!.id}`)
  await expect(page.getByTestId('schedule-pipeline-row')).toHaveCount(1)
  await expect(page.getByTestId('schedule-pipeline-link')).toHaveText(`#${played!.id}`)

  // Deactivate: the badge and the next run follow; Activate replaces the button.
  await page.getByTestId('schedule-deactivate-button').click()
  await expect(toasts.filter({ hasText: `Schedule “${name}” deactivated.` })).toHaveCount(1)
  await expect(page.getByTestId('schedule-state')).toHaveText('Inactive')
  await expect(page.getByTestId('schedule-next-run-at')).toHaveText('Inactive')
  await expect(page.getByTestId('schedule-activate-button')).toBeVisible()
  expect((await readSchedule(request, project.id, schedule.id)).body.active).toBe(false)

  // Take ownership of root's schedule: the owner changes and the button goes.
  await page.getByTestId('schedule-take-ownership-button').click()
  await expect(page.getByTestId('schedule-owner')).toContainText(`(@${maintainer.username})`)
  await expect(page.getByTestId('schedule-take-ownership-button')).toHaveCount(0)
  expect((await readSchedule(request, project.id, schedule.id)).body.owner?.username).toBe(maintainer.username)

  // Edit in place: the list's form, the heading follows the saved description.
  const renamed = `Weekly build ${stamp}`
  await page.getByTestId('schedule-edit-button').click()
  const form = page.getByTestId('schedule-edit-form')
  await expect(form.getByTestId('schedule-variable-key')).toHaveValue('DEPLOY_TOKEN')
  await form.getByTestId('schedule-description-input').fill(renamed)
  await form.getByTestId('schedule-submit').click()
  await expect(toasts.filter({ hasText: 'Schedule saved.' })).toHaveCount(1)
  await expect(page.getByTestId('schedule-edit-form')).toHaveCount(0)
  await expect(page.getByTestId('schedule-title')).toContainText(renamed)
  await expect(page.getByTestId('breadcrumbs')).toContainText(renamed)
  await expectSameDocument(page)

  // Delete after a confirm: back to the list, which no longer has it.
  await page.getByTestId('delete-schedule-button').click()
  await page.getByTestId('confirm-delete-schedule-button').click()
  await expect(page).toHaveURL((u) => decodeURIComponent(u.pathname) === `/projects/${p}/-/pipeline_schedules`)
  await expect(toasts.filter({ hasText: `Schedule “${renamed}” deleted.` })).toHaveCount(1)
  await expect(page.getByTestId('schedules-empty')).toBeVisible()
  await expectSameDocument(page)
  expect((await readSchedule(request, project.id, schedule.id)).status).toBe(404)
})

test("GitLab's path of a schedule opens its page; a developer may only play it; another project's schedule is the 404", async ({
  page,
  browser,
  request,
}) => {
  const { stamp, project, schedule, name } = await projectWithSchedule(request, 'sched-paths')
  const other = await projectWithSchedule(request, 'sched-other')
  const p = project.path_with_namespace
  const own = `/projects/${p}/-/pipeline_schedules/${schedule.id}`

  // GitLab has no page for a schedule but its edit form; that URL opens the schedule's page.
  await logIn(page, 'root', undefined, `/${p}/-/pipeline_schedules/${schedule.id}/edit`)
  await expect(page).toHaveURL((u) => decodeURIComponent(u.pathname) === own)
  await expect(page).toHaveTitle(new RegExp(`^${name} · Schedules · `))
  // An administrator opens the owner in the Admin area.
  await expect(page.getByTestId('schedule-owner-link')).toHaveAttribute('href', /^\/admin\/users\/\d+$/)

  // Another project's schedule, a schedule that does not exist and a path that names none.
  for (const url of [
    `/projects/${p}/-/pipeline_schedules/${other.schedule.id}`,
    `/projects/${p}/-/pipeline_schedules/999999999`,
    `${own}/nothing`,
  ]) {
    const res = await page.goto(url)
    expect(res?.status(), url).toBe(404)
    await expect(page.getByTestId('not-found'), url).toBeVisible()
  }

  // A Developer sees the schedule and may run it, not change it.
  const developer = await createUser(request, `scheddev${stamp}`)
  await post(request, `/projects/${project.id}/members`, { user_id: developer.id, access_level: 30 })
  const context = await browser.newContext()
  const devPage = await context.newPage()
  await logIn(devPage, developer.username, USER_PASSWORD, own)
  await expect(devPage.getByTestId('schedule-title')).toContainText(name)
  await expect(devPage.getByTestId('schedule-play-button')).toBeVisible()
  for (const id of [
    'schedule-edit-button',
    'schedule-deactivate-button',
    'schedule-take-ownership-button',
    'delete-schedule-button',
  ])
    await expect(devPage.getByTestId(id), id).toHaveCount(0)
  await context.close()
})
