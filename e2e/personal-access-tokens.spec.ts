// An administrator signs in, creates a token in the console, uses it against the API, revokes it
// and sees the API reject it.
import { expect, test, logIn } from './helpers'

test('create a token, use it, revoke it, see it rejected', async ({ page, request }) => {
  await logIn(page)
  await page.getByTestId('nav-tokens').click()
  await expect(page).toHaveURL(/\/profile\/personal_access_tokens/)

  const name = `e2e-${Date.now()}`
  await page.getByTestId('token-name-input').fill(name)
  await page.getByTestId('token-scope-api').check()
  await page.getByTestId('create-token-submit').click()
  const value = (await page.getByTestId('new-token-value').textContent())?.trim() ?? ''
  expect(value).toMatch(/^glpat-/)
  // The token is shown once, in a dialog over the page: closing it gives the page back.
  await page.getByTestId('new-token-close').click()
  await expect(page.getByTestId('new-token')).toBeHidden()

  const me = await request.get('/api/v4/user', { headers: { 'PRIVATE-TOKEN': value } })
  expect(me.status()).toBe(200)
  expect((await me.json()).username).toBe('root')

  const row = page.getByTestId('token-row').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await row.getByTestId('revoke-token-button').click()
  await page.getByTestId('confirm-revoke-token-button').click()
  await expect(page.getByTestId('token-row').filter({ hasText: name })).toHaveCount(0)

  const rejected = await request.get('/api/v4/user', { headers: { 'PRIVATE-TOKEN': value } })
  expect(rejected.status()).toBe(401)
  expect(await rejected.json()).toEqual({
    error: 'invalid_token',
    error_description: 'Token was revoked. You have to re-authorize from the user.',
  })
})

test('a field error from the API lands on its field', async ({ page }) => {
  await logIn(page)
  await page.goto('/profile/personal_access_tokens')
  await page.getByTestId('token-name-input').fill('past')
  await page.getByTestId('token-scope-read_api').check()
  await page.getByTestId('token-expires-at-input').fill('2001-01-01')
  await page.getByTestId('create-token-submit').click()
  await expect(page.getByTestId('token-expires-at-error')).toContainText('must be in the future')
  await expect(page.getByTestId('new-token-value')).toHaveCount(0)
})
