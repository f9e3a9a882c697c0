// A maintainer creates an every-minute schedule in the console (seeing its next five runs as the
// preset is picked); the server's scheduler then runs it on its own — a "schedule" pipeline
// appears in the schedule's pipeline list without any trigger — and Play adds another.
import { expect, test, logIn, ROOT_TOKEN } from './helpers'

const root = { 'PRIVATE-TOKEN': ROOT_TOKEN }
const PASSWORD = 'schedules-e2e-password-1'

test('a maintainer creates an every-minute schedule; the scheduler runs it and Play runs it again', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  const stamp = Date.now()
  const project = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: `schedules-${stamp}`, initialize_with_readme: true },
  })
  expect(project.status()).toBe(201)
  const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
  // Pipelines come from the CI configuration: without one GitLab creates none.
  const ci = await request.post(`/api/v4/projects/${id}/repository/files/.gitlab-ci.yml`, {
    headers: root,
    data: { branch: 'main', content: 'build:\n  script: echo hi\n', commit_message: 'CI' },
  })
  expect(ci.status()).toBe(201)
  const username = `sched${stamp}`
  const user = await request.post('/api/v4/users', {
    headers: root,
    data: { username, email: `${username}@example.com`, name: username, password: PASSWORD, skip_confirmation: true },
  })
  expect(user.status()).toBe(201)
  const { id: userId } = (await user.json()) as { id: number }
  const member = await request.post(`/api/v4/projects/${id}/members`, {
    headers: root,
    data: { user_id: userId, access_level: 40 },
  })
  expect(member.status()).toBe(201)

  await logIn(page, username, PASSWORD, `/projects/${path_with_namespace}/-/pipeline_schedules`)
  await expect(page.getByTestId('schedules-section')).toBeVisible()
  await expect(page.getByTestId('schedule-ref-input')).toHaveValue('main')

  // Schedules sit in the section row's Build menu, which marks itself current on their page.
  await expect(page.getByTestId('section-menu-build')).toHaveClass(/active/)
  await page.getByTestId('section-menu-build').click()
  await expect(page.getByRole('link', { name: 'Schedules', exact: true })).toHaveAttribute('aria-current', 'page')

  // A bad custom cron shows "invalid" live; the description is required before any request.
  await page.getByTestId('schedule-cron-input').fill('61 * * * *')
  await expect(page.getByTestId('schedule-next-runs')).toContainText('invalid')
  await page.getByTestId('schedule-submit').click()
  await expect(page.getByTestId('schedule-error-description')).toBeVisible()
  // The API's verdicts land on their fields.
  await page.getByTestId('schedule-description-input').fill('Nightly-ish')
  await page.getByTestId('schedule-submit').click()
  await expect(page.getByTestId('schedule-error-cron')).toContainText('syntax is invalid')

  // The preset gives five runs a minute apart.
  await page.getByTestId('schedule-cron-preset-every-minute').check()
  await expect(page.getByTestId('schedule-cron-input')).toHaveValue('* * * * *')
  await expect(page.getByTestId('schedule-next-run')).toHaveCount(5)
  await page.getByTestId('schedule-timezone-select').selectOption('__custom__')
  await page.getByTestId('schedule-timezone-custom-input').fill('Mars/Olympus')
  await page.getByTestId('schedule-submit').click()
  await expect(page.getByTestId('schedule-error-cron_timezone')).toContainText('syntax is invalid')
  await expect(page.getByTestId('schedule-error-cron')).toHaveCount(0)

  await page.getByTestId('schedule-timezone-select').selectOption('UTC')
  await expect(page.getByTestId('schedule-next-run')).toHaveCount(5)
  await page.getByTestId('schedule-submit').click()

  const row = page.getByTestId('schedule-row').filter({ hasText: 'Nightly-ish' })
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('schedule-owner')).toContainText(`@${username}`)
  await expect(row.getByTestId('schedule-take-ownership-button')).toHaveCount(0)
  await expect(page.getByTestId('schedule-description-input')).toHaveValue('')

  await row.getByTestId('schedule-pipelines-toggle').click()
  const pipelines = page.getByTestId('schedule-pipelines')
  await expect(pipelines).toBeVisible()
  // No trigger: the scheduler fires at the next minute boundary (+ its polling interval).
  const scheduled = pipelines.locator('[data-testid="schedule-pipeline-row"][data-source="schedule"]')
  await expect(scheduled.first()).toBeVisible({ timeout: 90_000 })
  const rows = pipelines.getByTestId('schedule-pipeline-row')
  const before = await rows.count()

  await row.getByTestId('schedule-play-button').click()
  // (The scheduler may fire again meanwhile, so at least one more.)
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(before)

  // Deleting takes a confirmation.
  await row.getByTestId('delete-schedule-button').click()
  await row.getByTestId('confirm-delete-schedule-button').click()
  await expect(page.getByTestId('schedule-row')).toHaveCount(0)
})

test("a maintainer takes ownership of someone else's schedule; the button then goes away", async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const project = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: `sched-own-${stamp}`, initialize_with_readme: true },
  })
  expect(project.status()).toBe(201)
  const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
  const schedule = await request.post(`/api/v4/projects/${id}/pipeline_schedules`, {
    headers: root,
    data: { description: 'Root weekly', ref: 'main', cron: '0 0 * * 0', cron_timezone: 'Berlin', active: true },
  })
  expect(schedule.status()).toBe(201)
  const username = `schedown${stamp}`
  const user = await request.post('/api/v4/users', {
    headers: root,
    data: { username, email: `${username}@example.com`, name: username, password: PASSWORD, skip_confirmation: true },
  })
  const { id: userId } = (await user.json()) as { id: number }
  expect(
    (
      await request.post(`/api/v4/projects/${id}/members`, {
        headers: root,
        data: { user_id: userId, access_level: 40 },
      })
    ).status(),
  ).toBe(201)

  await logIn(page, username, PASSWORD, `/projects/${path_with_namespace}/-/pipeline_schedules`)
  const row = page.getByTestId('schedule-row').filter({ hasText: 'Root weekly' })
  await expect(row.getByTestId('schedule-cron')).toContainText('Every week')
  await expect(row.getByTestId('schedule-next-run-at')).toContainText('Berlin')
  await expect(row.getByTestId('schedule-owner')).toContainText('@root')
  await row.getByTestId('schedule-take-ownership-button').click()
  await expect(row.getByTestId('schedule-owner')).toContainText(`@${username}`)
  await expect(row.getByTestId('schedule-take-ownership-button')).toHaveCount(0)
})
