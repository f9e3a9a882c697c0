// An administrator schedules a broadcast message in the console (live preview, target roles and
// path); a Developer sees it on /projects pages and dismisses it for good; a user without that
// role never sees it. Other tests' messages may exist: everything is matched by data-message-id.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test, logIn, ROOT_TOKEN } from './helpers'

const AUTH = { 'PRIVATE-TOKEN': ROOT_TOKEN }
const PASSWORD = 'broadcast-password-1'
const stamp = Date.now()
const text = `Maintenance tonight ${stamp}`
let messageId = 0

async function newUser(request: APIRequestContext, name: string) {
  const username = `${name}${stamp}`
  const res = await request.post('/api/v4/users', {
    headers: AUTH,
    data: { username, email: `${username}@example.com`, name, password: PASSWORD, skip_confirmation: true },
  })
  expect(res.status()).toBe(201)
  return (await res.json()) as { id: number; username: string }
}

const banner = (page: Page) => page.locator(`[data-testid="broadcast-banner"][data-message-id="${messageId}"]`)

test.describe.serial('broadcast messages', () => {
  test('an administrator schedules a targeted message with a live preview', async ({ page, request }) => {
    await logIn(page)
    await page.goto('/admin/broadcast_messages')
    const form = page.getByTestId('broadcast-form')
    await form.getByTestId('broadcast-message-input').fill(text)
    await expect(page.getByTestId('broadcast-preview')).toContainText(text)
    await page.getByTestId('broadcast-theme-select').selectOption('red')
    // The preview takes the theme's colours as the admin picks them.
    await expect(page.getByTestId('broadcast-preview').locator('[role="status"]')).toHaveCSS(
      'background-color',
      'rgb(201, 28, 0)',
    )
    await page.getByTestId('broadcast-font-input').fill('white')
    await page.getByTestId('broadcast-target-level-30').check()
    await page.getByTestId('broadcast-target-path-input').fill('/projects*')
    await page.getByTestId('broadcast-dismissable-checkbox').check()
    await page.getByTestId('broadcast-submit').click()
    await expect(page.getByTestId('broadcast-font-error')).toContainText('must be a valid color code')
    // A font colour overrides the theme's text colour (set through the CSS object model: the CSP
    // refuses a style attribute).
    await page.getByTestId('broadcast-font-input').fill('#00ff00')
    await expect(page.getByTestId('broadcast-preview').locator('[role="status"]')).toHaveCSS('color', 'rgb(0, 255, 0)')
    await page.getByTestId('broadcast-font-input').fill('#ffffff')
    await page.getByTestId('broadcast-submit').click()

    const row = page.getByTestId('broadcast-row').filter({ hasText: text })
    await expect(row).toHaveCount(1)
    await expect(row.getByTestId('broadcast-status')).toHaveText('active')
    messageId = Number(await row.getAttribute('data-row-id'))
    const saved = await (await request.get(`/api/v4/broadcast_messages/${messageId}`)).json()
    expect(saved).toMatchObject({
      message: text,
      theme: 'red',
      font: '#ffffff',
      target_access_levels: [30],
      target_path: '/projects*',
      dismissable: true,
      active: true,
    })
    // Root is an administrator (counts as Owner), so the Developer-only message is not shown to it.
    await page.goto('/projects')
    await expect(banner(page)).toHaveCount(0)
  })

  test('a Developer sees it on /projects pages only, dismisses it, and it stays dismissed', async ({
    page,
    request,
  }) => {
    const dev = await newUser(request, 'bcdev')
    const path = `bc-group-${stamp}`
    const group = await request.post('/api/v4/groups', { headers: AUTH, data: { name: path, path } })
    expect(group.status()).toBe(201)
    const member = await request.post(`/api/v4/groups/${(await group.json()).id}/members`, {
      headers: AUTH,
      data: { user_id: dev.id, access_level: 30 },
    })
    expect(member.status()).toBe(201)

    await logIn(page, dev.username, PASSWORD, '/projects')
    await expect(banner(page)).toBeVisible()
    await expect(banner(page)).toContainText(text)
    await page.goto('/groups')
    await expect(page.getByTestId('current-user')).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
    await page.goto('/projects')
    await banner(page).getByTestId('dismiss-broadcast-button').click()
    await expect(banner(page)).toHaveCount(0)
    await page.reload()
    await expect(page.getByTestId('current-user')).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
  })

  test('a user without the Developer role never sees it', async ({ page, request }) => {
    const plain = await newUser(request, 'bcplain')
    await logIn(page, plain.username, PASSWORD, '/projects')
    await expect(page.getByTestId('current-user')).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
  })

  test('the administrator edits it, then deletes it after a confirmation', async ({ page, request }) => {
    await logIn(page)
    await page.goto('/admin/broadcast_messages')
    const row = page.locator(`[data-testid="broadcast-row"][data-row-id="${messageId}"]`)
    await row.getByTestId('edit-broadcast-link').click()
    await expect(page.getByTestId('broadcast-target-level-30')).toBeChecked()
    await page.getByTestId('broadcast-message-input').fill(`${text} (moved)`)
    await expect(page.getByTestId('broadcast-preview')).toContainText('(moved)')
    await page.getByTestId('broadcast-submit').click()
    await expect(page).toHaveURL(/\/admin\/broadcast_messages$/)
    await expect(row).toContainText('(moved)')
    expect(await (await request.get(`/api/v4/broadcast_messages/${messageId}`)).json()).toMatchObject({
      target_access_levels: [30],
      target_path: '/projects*',
      dismissable: true,
    })
    await row.getByTestId('delete-broadcast-button').click()
    await row.getByTestId('confirm-delete-broadcast-button').click()
    await expect(row).toHaveCount(0)
    expect((await request.get(`/api/v4/broadcast_messages/${messageId}`)).status()).toBe(404)
  })
})
