// A group owner adds a SAML group link in Settings → SAML group links, sees the ambiguity hint when
// a second provider uses the same name, and removes links again; a maintainer of the same group
// opening the page gets the console's not-found page.
import { type APIRequestContext } from '@playwright/test'
import { expect, test, groupWithOwnerAndMaintainer, logIn, root, USER_PASSWORD } from './helpers'

const PASSWORD = USER_PASSWORD

async function setUp(request: APIRequestContext) {
  const g = await groupWithOwnerAndMaintainer(request, 'saml')
  return { ...g, url: `/groups/${g.full_path}/-/saml_group_links` }
}

test('an owner adds and removes SAML group links; a maintainer cannot reach the page', async ({
  page,
  browser,
  request,
}) => {
  const s = await setUp(request)

  await logIn(page, s.owner.username, PASSWORD, s.url)
  await expect(page.getByTestId('saml-group-links-section')).toBeVisible()
  await expect(page.getByTestId('saml-links-empty')).toBeVisible()

  await page.getByTestId('saml-group-name-input').fill('Engineering')
  await page.getByTestId('saml-access-level-select').selectOption('30')
  await page.getByTestId('saml-link-submit').click()
  const rows = page.getByTestId('saml-link-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByTestId('saml-link-name')).toHaveText('Engineering')
  await expect(rows.first().getByTestId('saml-link-provider')).toHaveText('any')
  await expect(rows.first().getByTestId('saml-link-role')).toHaveText('Developer')
  await expect(page.getByTestId('saml-group-name-input')).toHaveValue('')

  // The same name again under one provider: both rows carry the ambiguity hint.
  await page.getByTestId('saml-group-name-input').fill('Engineering')
  await page.getByTestId('saml-provider-input').fill('okta')
  await page.getByTestId('saml-access-level-select').selectOption('40')
  await page.getByTestId('saml-link-submit').click()
  await expect(rows).toHaveCount(2)
  await expect(page.getByTestId('saml-link-ambiguous')).toHaveCount(2)
  const okta = page.locator('[data-testid="saml-link-row"][data-provider="okta"]')
  await expect(okta.getByTestId('saml-link-role')).toHaveText('Maintainer')

  // A duplicate is refused with GitLab's message.
  await page.getByTestId('saml-group-name-input').fill('Engineering')
  await page.getByTestId('saml-provider-input').fill('okta')
  await page.getByTestId('saml-link-submit').click()
  await expect(page.getByTestId('saml-link-error')).toContainText('Saml group name has already been taken')

  // Removing the okta link sends its provider, so the any-provider link stays.
  await okta.getByTestId('remove-saml-link-button').click()
  await okta.getByTestId('confirm-remove-saml-link-button').click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByTestId('saml-link-provider')).toHaveText('any')
  await expect(page.getByTestId('saml-link-ambiguous')).toHaveCount(0)
  const api = await request.get(`/api/v4/groups/${s.id}/saml_group_links`, { headers: root })
  expect(await api.json()).toEqual([{ name: 'Engineering', access_level: 30, member_role_id: null, provider: null }])

  await rows.first().getByTestId('remove-saml-link-button').click()
  await rows.first().getByTestId('confirm-remove-saml-link-button').click()
  await expect(page.getByTestId('saml-links-empty')).toBeVisible()

  // A maintainer of the group: the console's not-found page, no form.
  const other = await browser.newContext()
  const maintainerPage = await other.newPage()
  await logIn(maintainerPage, s.maintainer.username, PASSWORD, s.url)
  await expect(maintainerPage.getByTestId('not-found')).toBeVisible()
  await expect(maintainerPage.getByTestId('saml-link-form')).toHaveCount(0)
  await other.close()
})
