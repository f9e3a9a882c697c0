// Issue 32: every write refreshes what it changed. Each test marks the document before the write
// (a property of `window`, gone with any reload) and then looks for the new state on the same
// document: pause and resume a runner (its list and its page), change a setting (a group's name in
// the page header, an application setting in the history), add a member. The last test takes the
// screenshots of the fixed controls and of the project's CI/CD settings for the issue's note.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { type Page } from '@playwright/test'
import { expect, test, createUser, groupWithOwnerAndMaintainer, hydrated, logIn, root } from './helpers'

const SHOTS = '/tmp/shots-c32-broken'

type Marked = Window & { __sameDocument?: boolean }
const markDocument = (page: Page) => page.evaluate(() => void ((window as Marked).__sameDocument = true))
async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as Marked).__sameDocument === true),
    'the new state came without a reload',
  ).toBe(true)
}

async function newRunner(request: Parameters<typeof createUser>[0], data: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/v4/user/runners', { headers: root, data })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

test('pausing and resuming a runner shows its new state at once, in the list and on its page', async ({
  page,
  request,
}) => {
  const description = `look-runner-${Date.now()}`
  const id = await newRunner(request, { runner_type: 'instance_type', description })
  await logIn(page, 'root', undefined, `/admin/runners?search=${description}`)
  const row = page.getByTestId(`runner-row-${id}`)
  await expect(row.getByTestId(`runner-${id}-pause`)).toBeVisible()
  await expect(row.getByTestId(`runner-${id}-paused`)).toHaveCount(0)

  await markDocument(page)
  await row.getByTestId(`runner-${id}-pause`).click()
  await expect(page.getByTestId('toast').filter({ hasText: `Runner #${id} paused.` })).toBeVisible()
  await expect(row.getByTestId(`runner-${id}-resume`)).toBeVisible()
  await expect(row.getByTestId(`runner-${id}-paused`)).toBeVisible()
  await expectSameDocument(page)

  await page.goto(`/admin/runners/${id}`)
  await hydrated(page)
  await expect(page.getByTestId('runner-paused-badge')).toBeVisible()
  await markDocument(page)
  await page.getByTestId(`runner-${id}-resume`).click()
  await expect(page.getByTestId('toast').filter({ hasText: `Runner #${id} resumed.` })).toBeVisible()
  await expect(page.getByTestId(`runner-${id}-pause`)).toBeVisible()
  await expect(page.getByTestId('runner-paused-badge')).toHaveCount(0)
  await expectSameDocument(page)
  const api = (await (await request.get(`/api/v4/runners/${id}`, { headers: root })).json()) as { paused: boolean }
  expect(api.paused).toBe(false)
})

test("a group's new name is in its page header at once, and an application setting in the history", async ({
  page,
  request,
}) => {
  const { full_path } = await groupWithOwnerAndMaintainer(request, 'look')
  const name = `Renamed ${Date.now()}`
  await logIn(page, 'root', undefined, `/groups/${full_path}/-/edit`)
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText(name)
  await markDocument(page)
  await page.getByTestId('group-name-input').fill(name)
  await page.getByTestId('group-settings-submit').click()
  await expect(page.getByTestId('group-settings-saved')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  await expectSameDocument(page)

  const target = `https://example.com/look-${Date.now()}`
  await page.goto('/admin/settings')
  await hydrated(page)
  await markDocument(page)
  await page.getByTestId('setting-input-after_sign_out_path').fill(target)
  await page.getByTestId('settings-save-general').click()
  await expect(page.getByTestId('settings-saved')).toBeVisible()
  await expect(page.getByTestId('setting-modified-after_sign_out_path')).toBeVisible()
  // The history, reached by a link on the same document, already lists the change.
  await page.getByTestId('settings-section-history').click()
  await expect(page.getByTestId('settings-history-table').getByTestId('settings-history-row').first()).toContainText(
    target,
  )
  await expectSameDocument(page)
  const reset = await request.put('/api/v4/application/settings', {
    headers: root,
    data: { after_sign_out_path: null },
  })
  expect(reset.status()).toBe(200)
})

test("a member added by username is in the group's member table at once", async ({ page, request }) => {
  const { full_path, stamp } = await groupWithOwnerAndMaintainer(request, 'lookm')
  const user = await createUser(request, `lookjoin${stamp}`)
  await logIn(page, 'root', undefined, `/groups/${full_path}/-/group_members`)
  await expect(page.getByTestId('member-row').filter({ hasText: user.username })).toHaveCount(0)
  await markDocument(page)
  await page.getByTestId('invite-targets-input').fill(`@${user.username}`)
  await page.getByTestId('invite-role-select').selectOption('30')
  await page.getByTestId('invite-submit').click()
  await expect(page.getByTestId('invite-result').filter({ hasText: user.username })).toHaveAttribute('data-ok', 'true')
  await expect(page.getByTestId('member-row').filter({ hasText: user.username })).toHaveCount(1)
  await expect(page.getByTestId('member-row').filter({ hasText: user.username })).toContainText('Developer')
  await expectSameDocument(page)
})

test('screenshots: the Administrator switch, a form select with its arrow, the CI/CD settings with runners of every type', async ({
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true })
  const { id: groupId, full_path } = await groupWithOwnerAndMaintainer(request, 'shots')
  const project = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: 'App', path: 'app', namespace_id: groupId, initialize_with_readme: true },
  })
  expect(project.status()).toBe(201)
  const { id: projectId, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
  const projectRunner = await newRunner(request, {
    runner_type: 'project_type',
    project_id: projectId,
    description: 'shots project runner',
  })
  const groupRunner = await newRunner(request, {
    runner_type: 'group_type',
    group_id: groupId,
    description: 'shots group runner',
  })

  // The switch: a track 34 px wide beside its label, off and then on; the checkboxes below it
  // lay their box beside their text in the regular weight.
  await logIn(page, 'root', undefined, '/admin/users/new')
  const adminSwitch = page.locator('label.ui-switch', { has: page.getByTestId('user-admin-input') })
  const track = adminSwitch.locator('.ui-switch-track')
  expect((await track.boundingBox())?.width).toBe(34)
  const access = page.locator('fieldset', { has: adminSwitch })
  await access.screenshot({ path: path.join(SHOTS, 'switch-administrator-off.png') })
  await adminSwitch.click()
  await expect(page.getByTestId('user-admin-input')).toBeChecked()
  await access.screenshot({ path: path.join(SHOTS, 'switch-administrator-on.png') })
  const external = page.locator('label.checkbox', { has: page.getByTestId('user-external-input') })
  expect(await external.evaluate((e) => [getComputedStyle(e).display, getComputedStyle(e).fontWeight])).toEqual([
    'flex',
    '400',
  ])

  // A select in a form: the kit's arrow is its background image.
  await page.goto(`/groups/${full_path}/-/group_members`)
  await hydrated(page)
  const role = page.getByTestId('invite-role-select')
  expect(await role.evaluate((e) => getComputedStyle(e).backgroundImage)).toContain('linear-gradient')
  await page.getByTestId('invite-form').screenshot({ path: path.join(SHOTS, 'select-invite-role.png') })
  await page.goto(`/groups/${full_path}/-/edit`)
  await hydrated(page)
  await page.getByTestId('group-settings-form').screenshot({ path: path.join(SHOTS, 'select-group-settings.png') })

  // Project → Settings → CI/CD: the runners this project can use, no error card.
  await page.goto(`/projects/${path_with_namespace}/-/settings/ci_cd`)
  await hydrated(page)
  await expect(page.getByTestId('error-state')).toHaveCount(0)
  const runners = page.getByTestId('project-runners')
  await expect(runners.getByTestId(`runner-row-${projectRunner}`)).toContainText('Project')
  await expect(runners.getByTestId(`runner-row-${groupRunner}`)).toContainText('Group')
  await page.screenshot({ path: path.join(SHOTS, 'project-settings-ci-cd.png'), fullPage: true })
})

test('a project’s General settings save its name, description, visibility and issues, show them at once, and put errors at their field', async ({
  page,
  request,
}) => {
  const path = `general-${Date.now()}`
  const created = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: path, path, visibility: 'private' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const project = (await created.json()) as { id: number; path_with_namespace: string }
  await logIn(page, 'root', undefined, `/projects/${project.path_with_namespace}`)
  await page.getByTestId('section-menu-settings').click()
  await page.getByRole('link', { name: 'General' }).click()
  await expect(page.getByTestId('project-general-settings')).toBeVisible()
  await hydrated(page)

  await markDocument(page)
  await page.getByTestId('project-name-input').fill('General Renamed')
  await page.getByTestId('project-description-input').fill('Settings saved from the console')
  await page.getByTestId('project-visibility-select').selectOption('internal')
  await page.getByTestId('project-issues-select').selectOption('private')
  await page.getByTestId('project-settings-submit').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Project settings saved.' })).toBeVisible()
  // The page header follows without a reload, and the API holds every field.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('General Renamed')
  await expectSameDocument(page)
  const after = (await (await request.get(`/api/v4/projects/${project.id}`, { headers: root })).json()) as Record<
    string,
    unknown
  >
  expect(after).toMatchObject({
    name: 'General Renamed',
    description: 'Settings saved from the console',
    visibility: 'internal',
    issues_access_level: 'private',
  })

  // An emptied name is refused at its field; the API's refusal of a URL lands at the URL's field.
  const form = page.getByTestId('project-settings-form')
  await page.getByTestId('project-name-input').fill('')
  await page.getByTestId('project-settings-submit').click()
  await expect(form.locator('.field-error')).toHaveText(["Project name can't be blank"])
  await page.getByTestId('project-name-input').fill('General Renamed')
  await page.getByTestId('project-path-input').fill('bad path!')
  await page.getByTestId('project-settings-submit').click()
  await expect(form.locator('.field-error')).toHaveText([/^Path can contain only letters, digits/])
  const kept = (await (await request.get(`/api/v4/projects/${project.id}`, { headers: root })).json()) as Record<
    string,
    unknown
  >
  expect(kept).toMatchObject({ name: 'General Renamed', path })
})
