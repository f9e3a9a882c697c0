// Direct transfer between two instances of the product on loopback, each with its own database:
// the second one's console migrates a group with a subgroup, two projects, a member and a
// protected branch from the first; History shows it finished and the destination's API has it all.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as playwrightRequest } from '@playwright/test'
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs'
import { expect, hydrated, test, ROOT_PASSWORD, ROOT_TOKEN, root } from './helpers'

let second: ChildProcess | null = null
let dataDir = ''

test.afterAll(async () => {
  if (second && second.exitCode === null) {
    second.kill('SIGTERM')
    await new Promise((r) => second!.once('exit', r))
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function startSecond(port: number): Promise<string> {
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-second-'))
  const url = `http://127.0.0.1:${port}`
  second = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EXTERNAL_URL: url,
      INITIAL_ROOT_PASSWORD: ROOT_PASSWORD,
      INITIAL_ROOT_TOKEN: ROOT_TOKEN,
      LOG_LEVEL: 'warn',
      QUEUE_POLL_MS: '200',
    },
    stdio: 'ignore',
  })
  const deadline = Date.now() + 120_000
  for (;;) {
    const ok = await fetch(`${url}/-/readiness`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return url
    if (Date.now() > deadline) throw new Error('the second instance did not start')
    await new Promise((r) => setTimeout(r, 500))
  }
}

test('the second instance migrates a group tree from the first through the Import console', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now()
  // The source (this run's server): a group, a subgroup, two projects, a member, a protected branch.
  const group = await (
    await request.post('/api/v4/groups', { headers: root, data: { name: `Src ${stamp}`, path: `src-${stamp}` } })
  ).json()
  const sub = await (
    await request.post('/api/v4/groups', { headers: root, data: { name: 'Sub', path: 'sub', parent_id: group.id } })
  ).json()
  const app = await (
    await request.post('/api/v4/projects', {
      headers: root,
      data: { name: 'app', path: 'app', namespace_id: group.id, initialize_with_readme: true },
    })
  ).json()
  await request.post('/api/v4/projects', {
    headers: root,
    data: { name: 'lib', path: 'lib', namespace_id: sub.id, initialize_with_readme: true },
  })
  expect(
    (
      await request.post(`/api/v4/projects/${app.id}/protected_branches`, {
        headers: root,
        data: { name: 'main', push_access_level: 40 },
      })
    ).status(),
  ).toBe(201)
  const username = `dev${stamp}`
  const user = await (
    await request.post('/api/v4/users', {
      headers: root,
      data: {
        username,
        email: `${username}@example.com`,
        name: username,
        password: 'e2e-user-password-1',
        skip_confirmation: true,
      },
    })
  ).json()
  expect(
    (
      await request.post(`/api/v4/groups/${group.id}/members`, {
        headers: root,
        data: { user_id: user.id, access_level: 30 },
      })
    ).status(),
  ).toBe(201)

  // The destination: a second instance with its own database; the member exists there too.
  const destUrl = await startSecond(Number(new URL(baseURL!).port) + 97)
  const dest = await playwrightRequest.newContext({ baseURL: destUrl, extraHTTPHeaders: root })
  expect(
    (
      await dest.put('/api/v4/application/settings', {
        data: { bulk_importing_enabled: true, allow_local_requests_from_web_hooks_and_services: true },
      })
    ).status(),
  ).toBe(200)
  expect(
    (
      await dest.post('/api/v4/users', {
        data: {
          username,
          email: `${username}@example.com`,
          name: username,
          password: 'e2e-user-password-1',
          skip_confirmation: true,
        },
      })
    ).status(),
  ).toBe(201)

  await page.goto(`${destUrl}/import`)
  await page.getByTestId('login-input').fill('root')
  await page.getByTestId('password-input').fill(ROOT_PASSWORD)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('migrate-groups')).toBeVisible()
  // Typed before hydration, the URL and token would be in the boxes but not in the form's state
  // (Connect stays disabled): the clean-clone run on a loaded machine did exactly that.
  await hydrated(page)
  await page.getByTestId('migrate-url').fill(baseURL!)
  await page.getByTestId('migrate-token').fill(ROOT_TOKEN)
  await page.getByTestId('migrate-search').fill(`src-${stamp}`)
  await page.getByTestId('migrate-connect').click()
  await page.getByTestId(`migrate-select-${group.full_path}`).check()
  await page.getByTestId(`migrate-namespace-${group.full_path}`).selectOption('')
  // A taken top-level path (root's own namespace) is refused as you type, with GitLab's suggestion.
  await page.getByTestId(`migrate-slug-${group.full_path}`).fill('root')
  await expect(page.getByTestId('migrate-problems')).toContainText('root already exists (try root1)')
  await expect(page.getByTestId('migrate-start')).toBeDisabled()
  await page.getByTestId(`migrate-slug-${group.full_path}`).fill(group.full_path)
  await expect(page.getByTestId('migrate-problems')).toHaveCount(0)
  await page.getByTestId('migrate-start').click()
  await expect(page.getByTestId('migrate-started')).toBeVisible()

  await page.getByTestId('migrate-started').getByRole('link', { name: 'History' }).click()
  await expect(page).toHaveURL(/\/import\/history$/)
  const deadline = Date.now() + 90_000
  for (;;) {
    await page.reload()
    // The newest migration's heading: "Migration #n <badge> <status>".
    const text = await page
      .getByTestId(/^migration-\d+$/)
      .first()
      .locator('h2')
      .innerText()
      .catch(() => '')
    if (/finished/.test(text)) break
    if (Date.now() > deadline) throw new Error(`History never showed the migration finished:\n${text}`)
    await page.waitForTimeout(1000)
  }
  await expect(page.getByTestId('migration-entity')).toHaveCount(4)

  const imported = await (await dest.get(`/api/v4/groups/${group.full_path}/subgroups`)).json()
  expect(imported.map((g: { path: string }) => g.path)).toEqual(['sub'])
  const projects = await (await dest.get(`/api/v4/groups/${group.full_path}/projects?include_subgroups=true`)).json()
  expect(projects.map((p: { path: string }) => p.path).sort()).toEqual(['app', 'lib'])
  const branches = await (
    await dest.get(`/api/v4/projects/${encodeURIComponent(`${group.full_path}/app`)}/protected_branches`)
  ).json()
  expect(branches.map((b: { name: string }) => b.name)).toEqual(['main'])
  const members = await (await dest.get(`/api/v4/groups/${group.full_path}/members`)).json()
  expect(members.map((m: { username: string }) => m.username)).toContain(username)
  await dest.dispose()
})
