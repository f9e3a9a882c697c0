import { expect, type APIRequestContext, type Page } from '@playwright/test'

// Seeded by playwright.config.ts's webServer environment.
export const ROOT_PASSWORD = 'e2e-root-password-1'
export const ROOT_TOKEN = 'glpat-e2e-root-token-000000001'

export async function logIn(page: Page, login = 'root', password = ROOT_PASSWORD, target = '/projects') {
  await page.goto(target)
  await expect(page).toHaveURL(/\/login/)
  await page.getByTestId('login-input').fill(login)
  await page.getByTestId('password-input').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('current-user')).toBeVisible()
  await hydrated(page)
}

/** React has hydrated the page (components/layout/hydration-mark.tsx): a click now reaches its handler. */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

export const root = { 'PRIVATE-TOKEN': ROOT_TOKEN }
/** The password of every user the specs create. */
export const USER_PASSWORD = 'e2e-user-password-1'

export async function createUser(request: APIRequestContext, username: string) {
  const res = await request.post('/api/v4/users', {
    headers: root,
    data: { username, email: `${username}@example.com`, name: username, password: USER_PASSWORD, skip_confirmation: true },
  })
  expect(res.status()).toBe(201)
  return (await res.json()) as { id: number; username: string }
}

/** A fresh group with an Owner and a Maintainer (the usual cast of the owner-only pages). */
export async function groupWithOwnerAndMaintainer(request: APIRequestContext, prefix: string) {
  const stamp = Date.now()
  const group = await request.post('/api/v4/groups', { headers: root, data: { name: `${prefix}-${stamp}`, path: `${prefix}-${stamp}` } })
  expect(group.status()).toBe(201)
  const { id, full_path } = (await group.json()) as { id: number; full_path: string }
  const owner = await createUser(request, `${prefix}owner${stamp}`)
  const maintainer = await createUser(request, `${prefix}maint${stamp}`)
  for (const [user, access_level] of [
    [owner, 50],
    [maintainer, 40],
  ] as const) {
    const res = await request.post(`/api/v4/groups/${id}/members`, { headers: root, data: { user_id: user.id, access_level } })
    expect(res.status()).toBe(201)
  }
  return { id, full_path, stamp, owner, maintainer }
}
