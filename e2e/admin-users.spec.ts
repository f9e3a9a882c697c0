// Admin → Users: an administrator searches users, creates one (a taken username is refused at its
// field), makes them external, blocks and unblocks, deactivates and activates, and deletes them;
// blocking oneself is refused with the API's message in the dialog. Other specs' users exist, so
// rows are matched by username (data-username) and this spec's names carry a stamp.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test, createUser, hydrated, logIn, root } from './helpers'

const stamp = Date.now()
const taken = `adm${stamp}taken`
const other = `adm${stamp}other`
const created = `adm${stamp}new`

async function apiUser(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/v4/users/${id}`, { headers: root })
  return {
    status: res.status(),
    body: res.status() === 200 ? ((await res.json()) as { state: string; external: boolean; username: string }) : null,
  }
}

/** Confirms the dialog of a ConfirmButton (testId prefix `name`). */
async function confirm(page: Page, name: string) {
  await page.getByTestId(`${name}-button`).click()
  await expect(page.getByTestId(`${name}-dialog`)).toBeVisible()
  await page.getByTestId(`confirm-${name}-button`).click()
}

test.describe.serial('admin users', () => {
  let userId = 0

  test('searches users by name', async ({ page, request }) => {
    await createUser(request, taken)
    await createUser(request, other)
    await logIn(page, 'root', undefined, '/admin/users')
    await expect(page.getByTestId('breadcrumbs')).toContainText('Users')
    await hydrated(page)
    await page.getByTestId('search-input').fill(other)
    await page.getByTestId('search-submit').click()
    await expect(page).toHaveURL(new RegExp(`search=${other}`))
    const rows = page.getByTestId('user-row')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveAttribute('data-username', other)
    // The Blocked tab keeps the search and finds nobody (nobody is blocked yet).
    await page.getByTestId('users-filter-blocked').click()
    await expect(page).toHaveURL(/filter=blocked/)
    await expect(page.getByTestId('users-empty')).toBeVisible()
  })

  test('creates a user; a taken username is refused at its field', async ({ page, request }) => {
    await logIn(page, 'root', undefined, '/admin/users')
    await page.getByTestId('new-user-link').click()
    await expect(page).toHaveURL(/\/admin\/users\/new$/)
    await hydrated(page)
    await page.getByTestId('user-name-input').fill('Ada Admin-Test')
    await page.getByTestId('user-username-input').fill(taken)
    await page.getByTestId('user-email-input').fill(`${created}@example.com`)
    await page.getByTestId('user-password-input').fill('e2e-user-password-1')
    await page.getByTestId('user-submit').click()
    await expect(page.getByTestId('user-username-error')).toHaveText('Username has already been taken')

    await page.getByTestId('user-username-input').fill(created)
    await page.getByTestId('user-submit').click()
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/)
    await expect(page.getByTestId('user-name')).toHaveText('Ada Admin-Test')
    await expect(page.getByTestId('breadcrumbs')).toContainText('Ada Admin-Test')
    userId = Number(/\/admin\/users\/(\d+)$/.exec(page.url())?.[1])
    expect((await apiUser(request, userId)).body).toMatchObject({ username: created, state: 'active', external: false })
  })

  test('makes the user external', async ({ page, request }) => {
    await logIn(page, 'root', undefined, `/admin/users/${userId}`)
    await hydrated(page)
    await page.getByTestId('user-external-input').check()
    await page.getByTestId('user-submit').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'User saved.' })).toBeVisible()
    await expect(page.getByTestId('badge-external')).toBeVisible()
    expect((await apiUser(request, userId)).body?.external).toBe(true)
  })

  test('blocks and unblocks, deactivates and activates', async ({ page, request }) => {
    await logIn(page, 'root', undefined, `/admin/users/${userId}`)
    await hydrated(page)
    await confirm(page, 'block-user')
    await expect(page.getByTestId('user-state')).toHaveText('blocked')
    await expect(page.getByTestId('badge-blocked')).toBeVisible()
    expect((await apiUser(request, userId)).body?.state).toBe('blocked')
    await page.getByTestId('unblock-user-button').click()
    await expect(page.getByTestId('user-state')).toHaveText('active')

    await confirm(page, 'deactivate-user')
    await expect(page.getByTestId('user-state')).toHaveText('deactivated')
    expect((await apiUser(request, userId)).body?.state).toBe('deactivated')
    await page.getByTestId('activate-user-button').click()
    await expect(page.getByTestId('user-state')).toHaveText('active')
    expect((await apiUser(request, userId)).body?.state).toBe('active')
  })

  test('deletes the user', async ({ page, request }) => {
    await logIn(page, 'root', undefined, `/admin/users/${userId}`)
    await hydrated(page)
    await confirm(page, 'delete-user')
    await expect(page).toHaveURL(/\/admin\/users$/)
    expect((await apiUser(request, userId)).status).toBe(404)
  })

  test('an administrator cannot block themselves', async ({ page, request }) => {
    const me = (await (await request.get('/api/v4/user', { headers: root })).json()) as { id: number }
    await logIn(page, 'root', undefined, `/admin/users/${me.id}`)
    await hydrated(page)
    await confirm(page, 'block-user')
    await expect(page.getByTestId('block-user-error')).toContainText('cannot be blocked')
    await page.getByTestId('cancel-block-user-button').click()
    expect((await apiUser(request, me.id)).body?.state).toBe('active')
  })
})
