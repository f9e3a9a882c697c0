// Admin mode, terms of service and the sign-out destination, each switched on through the API
// with the root token (which has the admin_mode scope) and switched off again after each test:
// the suite shares one server, and these settings would lock the other tests out.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test, logIn, ROOT_PASSWORD, ROOT_TOKEN } from './helpers'

const auth = { 'PRIVATE-TOKEN': ROOT_TOKEN }
const putSettings = async (request: APIRequestContext, data: Record<string, unknown>) => {
  const res = await request.put('/api/v4/application/settings', { headers: auth, data })
  expect(res.status(), await res.text()).toBe(200)
}

// Switched off after every test even when it timed out (a `finally` inside a test that hit its
// timeout runs with a closed request context).
test.afterEach(async ({ request }) => {
  await putSettings(request, { admin_mode: false, enforce_terms: false, after_sign_out_path: null })
})

async function submitLogin(page: Page, login: string, password: string) {
  await page.getByTestId('login-input').fill(login)
  await page.getByTestId('password-input').fill(password)
  await page.getByTestId('login-submit').click()
}

test('with admin mode on, the admin area asks for the password again', async ({ page, request }) => {
  await putSettings(request, { admin_mode: true })
  await logIn(page)
  await page.goto('/admin/settings/network')
  await expect(page).toHaveURL(/\/admin\/session\?redirect=%2Fadmin%2Fsettings%2Fnetwork/)
  await page.getByTestId('admin-mode-password-input').fill('not-the-password')
  await page.getByTestId('admin-mode-submit').click()
  await expect(page.getByTestId('admin-mode-error')).toBeVisible()
  await page.getByTestId('admin-mode-password-input').fill(ROOT_PASSWORD)
  await page.getByTestId('admin-mode-submit').click()
  await expect(page).toHaveURL(/\/admin\/settings\/network$/)
  await expect(page.getByTestId('settings-form-network')).toBeVisible()
  // The browser's own API calls (cookie + CSRF) are in admin mode too: a save goes through.
  await page.getByTestId('settings-section-general').click()
  await page.getByTestId('setting-input-after_sign_out_path').fill('https://example.com/admin-mode')
  await page.getByTestId('settings-save-general').click()
  await expect(page.getByTestId('settings-saved')).toBeVisible()

  // Leaving admin mode: the admin area asks again.
  await page.getByTestId('leave-admin-mode').click()
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/admin/settings')
  await expect(page).toHaveURL(/\/admin\/session/)
})

test('with enforced terms, a user accepts them and continues where they were going', async ({ page, request }) => {
  const username = `terms${Date.now()}`
  const created = await request.post('/api/v4/users', {
    headers: auth,
    data: {
      username,
      email: `${username}@example.com`,
      name: 'Terms Reader',
      password: 'terms-password-1',
      skip_confirmation: true,
    },
  })
  expect(created.status()).toBe(201)
  const terms = `Be excellent to each other (${Date.now()}).`
  await putSettings(request, { enforce_terms: true, terms })
  await page.goto('/groups')
  await expect(page).toHaveURL(/\/login/)
  await submitLogin(page, username, 'terms-password-1')
  await expect(page).toHaveURL(/\/terms\?redirect=%2Fgroups/)
  await expect(page.getByTestId('terms-text')).toContainText(terms)
  // Every console page leads back to the terms until they are accepted.
  await page.goto('/projects')
  await expect(page).toHaveURL(/\/terms\?redirect=%2Fprojects/)
  await page.getByTestId('accept-terms-button').click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByTestId('current-user')).toBeVisible()
  await page.goto('/groups')
  await expect(page).toHaveURL(/\/groups$/)
})

test('signing out goes to after_sign_out_path when set, else to the login page', async ({ page, request, baseURL }) => {
  const target = `${baseURL}/login?signed_out=1`
  await logIn(page)
  await page.getByTestId('logout-button').click()
  await expect(page).toHaveURL(/\/login$/)

  await putSettings(request, { after_sign_out_path: target })
  await logIn(page)
  await page.getByTestId('logout-button').click()
  await expect(page).toHaveURL(/\/login\?signed_out=1$/)
})
