// Group → Settings → Access tokens: an owner creates a Developer token with read_api, sees it
// once, the token works against the API as the group's bot, and revoking it in the console
// makes the API refuse it.
import { expect, test, groupWithOwnerAndMaintainer, logIn, USER_PASSWORD } from './helpers'

test('an owner creates and revokes a group access token in the console', async ({ page, request }) => {
  const g = await groupWithOwnerAndMaintainer(request, 'gat')
  await logIn(page, g.owner.username, USER_PASSWORD, `/groups/${g.full_path}/-/settings/access_tokens`)
  await page.getByTestId('token-name-input').fill('ci-bot')
  await page.getByTestId('token-scope-read_api').check()
  await page.getByTestId('token-role-select').selectOption('30')
  await page.getByTestId('create-token-submit').click()
  const token = ((await page.getByTestId('new-token-value').textContent()) ?? '').trim()
  expect(token).toMatch(/^glpat-/)
  // The token is shown once, in a dialog over the page: closing it gives the page back.
  await page.getByTestId('new-token-close').click()
  const row = page.getByTestId('token-row').filter({ hasText: 'ci-bot' })
  await expect(row).toContainText('Developer')

  const asBot = { 'PRIVATE-TOKEN': token }
  expect((await request.get(`/api/v4/groups/${g.id}`, { headers: asBot })).status()).toBe(200)

  await row.getByTestId('revoke-token-button').click()
  await row.getByTestId('confirm-revoke-token-button').click()
  await expect(page.getByTestId('token-row').filter({ hasText: 'ci-bot' })).toHaveCount(0)
  expect((await request.get(`/api/v4/groups/${g.id}`, { headers: asBot })).status()).toBe(401)
})
