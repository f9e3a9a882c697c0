// The administrator's settings console: a change saved in the browser is what the API reads back;
// rejected values are shown on their field and change nothing; the search box crosses sections;
// the "modified" marker follows the value against its default.
import { type APIRequestContext } from '@playwright/test'
import { expect, test, logIn, ROOT_TOKEN } from './helpers'

const auth = { 'PRIVATE-TOKEN': ROOT_TOKEN }
const getSettings = async (request: APIRequestContext) =>
  (await request.get('/api/v4/application/settings', { headers: auth })).json()
const putSettings = async (request: APIRequestContext, data: Record<string, unknown>) => {
  const res = await request.put('/api/v4/application/settings', { headers: auth, data })
  expect(res.status(), await res.text()).toBe(200)
}

// What each test changed, put back after it even when it timed out (a `finally` inside a test
// that hit its timeout runs with a closed request context).
let restore: Record<string, unknown> = {}
test.afterEach(async ({ request }) => {
  if (Object.keys(restore).length) await putSettings(request, restore)
  restore = {}
})

test('an administrator changes a setting, reads it back through the API, and resets it', async ({ page, request }) => {
  const target = 'https://example.com/bye'
  restore = { after_sign_out_path: null }
  await logIn(page, 'root', undefined, '/admin/settings')
  await expect(page.getByTestId('settings-nav')).toBeVisible()
  await expect(page.getByTestId('setting-modified-after_sign_out_path')).toHaveCount(0)

  await page.getByTestId('setting-input-after_sign_out_path').fill(target)
  await page.getByTestId('settings-save-general').click()
  await expect(page.getByTestId('settings-saved')).toBeVisible()
  expect((await getSettings(request)).after_sign_out_path).toBe(target)
  await page.reload()
  await expect(page.getByTestId('setting-input-after_sign_out_path')).toHaveValue(target)
  await expect(page.getByTestId('setting-modified-after_sign_out_path')).toBeVisible()

  // Reset puts the default back in the field; saving stores it.
  await page.getByTestId('setting-reset-after_sign_out_path').click()
  await expect(page.getByTestId('setting-modified-after_sign_out_path')).toHaveCount(0)
  await page.getByTestId('settings-save-general').click()
  await expect(page.getByTestId('settings-saved')).toBeVisible()
  expect((await getSettings(request)).after_sign_out_path).toBeNull()

  // The change history lists both changes, newest first.
  await page.getByTestId('settings-section-history').click()
  const rows = page.getByTestId('settings-history-table').getByTestId('settings-history-row')
  await expect(rows.first()).toContainText('after_sign_out_path')
  await expect(rows.first()).toContainText(target)
})

test('a throttle value changed in the Network section is saved', async ({ page, request }) => {
  const before = (await getSettings(request)).throttle_authenticated_api_requests_per_period
  restore = { throttle_authenticated_api_requests_per_period: before }
  await logIn(page, 'root', undefined, '/admin/settings/network')
  // The form may still be hydrating and reset the field under the first fill ("7200" + "1234" was
  // seen once): fill until the field holds exactly the new value.
  const input = page.getByTestId('setting-input-throttle_authenticated_api_requests_per_period')
  await expect(async () => {
    await input.fill('1234')
    await expect(input).toHaveValue('1234', { timeout: 500 })
  }).toPass({ timeout: 10_000 })
  await page.getByTestId('settings-save-network').click()
  await expect(page.getByTestId('settings-saved')).toBeVisible()
  expect((await getSettings(request)).throttle_authenticated_api_requests_per_period).toBe(1234)
})

test('rejected values are shown on their field and nothing is saved', async ({ page, request }) => {
  const before = await getSettings(request)
  restore = {
    user_default_internal_regex: before.user_default_internal_regex,
    home_page_url: before.home_page_url,
    max_attachment_size: before.max_attachment_size,
  }
  await logIn(page, 'root', undefined, '/admin/settings')
  // Refused by the server (RE2 syntax): the model error lands on the field.
  await page.getByTestId('setting-input-user_default_internal_regex').fill('(')
  await page.getByTestId('setting-input-home_page_url').fill('https://example.com/home')
  await page.getByTestId('settings-save-general').click()
  await expect(page.getByTestId('setting-error-user_default_internal_regex')).toContainText('RE2')
  await expect(page.getByTestId('settings-saved')).toHaveCount(0)

  // Refused in the browser (below the minimum), with the model's own message.
  await page.getByTestId('setting-input-user_default_internal_regex').fill('')
  await page.getByTestId('setting-input-max_attachment_size').fill('0')
  await page.getByTestId('settings-save-general').click()
  await expect(page.getByTestId('setting-error-max_attachment_size')).toContainText(
    'must be greater than or equal to 1',
  )

  const after = await getSettings(request)
  expect(after.user_default_internal_regex).toBe(before.user_default_internal_regex)
  expect(after.home_page_url).toBe(before.home_page_url)
  expect(after.max_attachment_size).toBe(before.max_attachment_size)
})

test('the search box finds a setting in another section and shows it', async ({ page }) => {
  await logIn(page, 'root', undefined, '/admin/settings')
  await page.getByTestId('settings-search-input').fill('authenticated api: period')
  const result = page.locator(
    '[data-testid="settings-search-result"][data-key="throttle_authenticated_api_period_in_seconds"]',
  )
  await expect(result).toBeVisible()
  await result.click()
  await expect(page).toHaveURL(/\/admin\/settings\/network\?highlight=throttle_authenticated_api_period_in_seconds/)
  await expect(page.getByTestId('settings-form-network')).toBeVisible()
  await expect(page.getByTestId('setting-input-throttle_authenticated_api_period_in_seconds')).toBeInViewport()
  await expect(page.getByTestId('setting-input-throttle_authenticated_api_period_in_seconds')).toBeFocused()
})
