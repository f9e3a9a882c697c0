// CI end to end in the console: an administrator creates an instance runner and gets its token
// once; the test starts the bundled runner with it and the runner turns online in Admin → Runners;
// a schedule's "Run now" makes a pipeline whose job log appears live and which ends `success`;
// the project's pipeline editor refuses an invalid configuration.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, logIn, root } from './helpers'

let runner: ChildProcess | null = null
let dir = ''
const output: string[] = []

test.afterEach(async () => {
  if (runner && runner.exitCode === null) {
    runner.kill('SIGTERM')
    await new Promise((r) => runner!.once('exit', r))
  }
  runner = null
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')
function cli(args: string[]) {
  const child = spawn(tsx, ['runner/main.ts', ...args, '--config', join(dir, 'config.json')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => output.push(String(d)))
  child.stderr.on('data', (d) => output.push(String(d)))
  return child
}

test('an admin creates a runner, it turns online, and a scheduled pipeline runs on it to success', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  dir = mkdtempSync(join(tmpdir(), 'e2e-runner-'))
  const stamp = Date.now()
  const description = `e2e-runner-${stamp}`

  await logIn(page, 'root', undefined, '/admin/runners')
  await page.getByTestId('runner-description-input').fill(description)
  await page.getByTestId('runner-tags-input').fill(`e2e-${stamp}`)
  await page.getByTestId('new-runner-submit').click()
  const token = (await page.getByTestId('new-runner-token').textContent())!.trim()
  expect(token).toMatch(/^glrt-/)
  await expect(page.getByTestId('new-runner-command')).toContainText(
    `npm run runner -- register --url ${baseURL} --token ${token}`,
  )
  const row = page.getByTestId('runners-table').locator('tr', { hasText: description })
  await expect(row).toContainText('never contacted')

  const register = cli(['register', '--url', baseURL!, '--token', token])
  expect(await new Promise((r) => register.once('exit', r)), output.join('')).toBe(0)
  runner = cli(['run'])
  await expect
    .poll(
      async () => {
        await page.reload()
        return row
          .getByTestId(/runner-\d+-status/)
          .first()
          .getAttribute('data-status')
      },
      { timeout: 20_000 },
    )
    .toBe('online')
  // The filters run on the server: the runner is found by its tag, not by another one.
  await page.getByTestId('runners-filter-tags').fill(`e2e-${stamp}`)
  await page.getByTestId('runners-filter-submit').click()
  await expect(page.getByTestId('runners-table').locator('tbody tr')).toHaveCount(1)
  await page.getByTestId('runners-filter-tags').fill(`none-${stamp}`)
  await page.getByTestId('runners-filter-submit').click()
  await expect(page.getByTestId('runners-empty')).toBeVisible()

  // A project whose configuration needs this runner's tag, and a schedule for it.
  const project = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: `ci-${stamp}`, initialize_with_readme: true },
  })
  const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
  const ci = `stages: [build]\nhello:\n  stage: build\n  tags: [e2e-${stamp}]\n  script:\n    - echo "hello from $CI_PIPELINE_SOURCE pipeline $CI_PIPELINE_ID"\n    - sleep 2\n    - echo finished\n`
  expect(
    (
      await request.post(`/api/v4/projects/${id}/repository/files/.gitlab-ci.yml`, {
        headers: root,
        data: { branch: 'main', content: ci, commit_message: 'CI' },
      })
    ).status(),
  ).toBe(201)
  const schedule = await request.post(`/api/v4/projects/${id}/pipeline_schedules`, {
    headers: root,
    data: { description: 'nightly', ref: 'main', cron: '0 3 1 1 *' },
  })
  expect(schedule.status()).toBe(201)

  await page.goto(`/projects/${path_with_namespace}/-/pipeline_schedules`)
  await page.getByTestId('schedule-row').filter({ hasText: 'nightly' }).getByTestId('schedule-play-button').click()
  // The pipeline exists once the play request answered (its toast): navigating before would cancel it.
  await expect(page.getByTestId('toast').filter({ hasText: 'Pipeline for “nightly” started.' })).toBeVisible()
  await page.goto(`/projects/${path_with_namespace}/-/pipelines`)
  await expect(page.getByTestId('pipeline-row')).toHaveCount(1, { timeout: 15_000 })
  await page.getByTestId('pipeline-row').first().getByRole('link').first().click()
  await expect(page.getByTestId('pipeline-page')).toBeVisible()
  await page.getByTestId('job-link-hello').click()
  // The log appears while the job runs, then the job ends successfully.
  await expect(page.getByTestId('job-log')).toContainText('hello from schedule pipeline', { timeout: 30_000 })
  await expect(page.getByTestId('job-status')).toHaveAttribute('data-status', 'success', { timeout: 30_000 })
  await expect(page.getByTestId('job-log')).toContainText('Job succeeded')
  await page.goto(`/projects/${path_with_namespace}/-/pipelines`)
  await expect(page.getByTestId('pipeline-row').first()).toContainText('success')

  // The runner's page lists the job.
  await page.goto('/admin/runners')
  await page.getByTestId('runners-table').locator('tr', { hasText: description }).getByRole('link').first().click()
  await expect(page.getByTestId('runner-jobs-table')).toContainText('hello')
  await expect(page.getByTestId('managers-table')).toContainText('17.0.0-bundled')
})

test('the pipeline editor validates on save and refuses an invalid configuration', async ({ page, request }) => {
  const stamp = Date.now()
  const project = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: `editor-${stamp}`, initialize_with_readme: true },
  })
  const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
  await logIn(page, 'root', undefined, `/projects/${path_with_namespace}/-/ci/editor`)
  await page.getByTestId('ci-editor-content').fill('build:\n  script: make\n  bogus: 1\n')
  await page.getByTestId('ci-editor-save').click()
  await expect(page.getByTestId('ci-lint-errors')).toContainText('jobs:build config contains unknown keys: bogus')
  expect(
    (await request.get(`/api/v4/projects/${id}/repository/files/.gitlab-ci.yml?ref=main`, { headers: root })).status(),
  ).toBe(404)
  await page.getByTestId('ci-editor-content').fill('build:\n  script: make\n')
  await page.getByTestId('ci-editor-save').click()
  await expect(page.getByTestId('ci-editor-saved')).toBeVisible()
  const raw = await request.get(`/api/v4/projects/${id}/repository/files/.gitlab-ci.yml/raw?ref=main`, {
    headers: root,
  })
  expect(await raw.text()).toBe('build:\n  script: make\n')
})
