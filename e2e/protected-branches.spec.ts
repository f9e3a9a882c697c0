// A maintainer protects release/* in the console (seeing which branches it covers as they type),
// toggles force push and meets the API's 409 on the name field; a developer is then refused the
// deletion of a covered branch by the API and sees the rules read-only.
import { type APIRequestContext } from '@playwright/test'
import { expect, test, createUser, logIn, root, USER_PASSWORD as PASSWORD } from './helpers'

async function setUp(request: APIRequestContext) {
  const stamp = Date.now()
  const project = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: `protect-${stamp}`, initialize_with_readme: true },
  })
  expect(project.status()).toBe(201)
  const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
  for (const branch of ['release/1.0', 'release/2.0', 'feature-a']) {
    const res = await request.post(`/api/v4/projects/${id}/repository/branches`, {
      headers: root,
      data: { branch, ref: 'main' },
    })
    expect(res.status()).toBe(201)
  }
  const maintainer = await createUser(request, `maint${stamp}`)
  const developer = await createUser(request, `dev${stamp}`)
  for (const [user, access_level] of [
    [maintainer, 40],
    [developer, 30],
  ] as const) {
    const res = await request.post(`/api/v4/projects/${id}/members`, {
      headers: root,
      data: { user_id: user.id, access_level },
    })
    expect(res.status()).toBe(201)
  }
  const token = await request.post(`/api/v4/users/${developer.id}/personal_access_tokens`, {
    headers: root,
    data: { name: 'e2e', scopes: ['api'] },
  })
  expect(token.status()).toBe(201)
  const developerToken = ((await token.json()) as { token: string }).token
  return {
    id,
    settingsUrl: `/projects/${path_with_namespace}/-/settings/repository`,
    maintainer,
    developer,
    developerToken,
  }
}

test('a maintainer protects release/*; a developer cannot delete release/1.0 and sees the rules read-only', async ({
  page,
  browser,
  request,
}) => {
  const s = await setUp(request)

  await logIn(page, s.maintainer.username, PASSWORD, s.settingsUrl)
  const section = page.getByTestId('protected-branches-section')
  await expect(section).toBeVisible()
  await page.getByTestId('protected-branch-name-input').fill('release/*')
  await expect(page.getByTestId('matching-branch')).toHaveText(['release/1.0', 'release/2.0'])
  await page.getByTestId('merge-access-select').selectOption('40')
  await page.getByTestId('push-access-select').selectOption('40')
  await page.getByTestId('protect-submit').click()

  const row = page.locator('[data-testid="protected-branch-row"][data-name="release/*"]')
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('merge-access')).toHaveText('Maintainers')
  await expect(row.getByTestId('push-access')).toHaveText('Maintainers')
  await expect(page.getByTestId('protected-branch-name-input')).toHaveValue('')

  // The same name again: GitLab's 409 lands on the name field.
  await page.getByTestId('protected-branch-name-input').fill('release/*')
  await page.getByTestId('protect-submit').click()
  await expect(page.getByTestId('protected-branch-name-error')).toContainText(
    "Protected branch 'release/*' already exists",
  )

  // Force push: the switch PATCHes the rule.
  await row.getByTestId('force-push-toggle').click()
  await expect(row.getByTestId('force-push-toggle')).toBeChecked()
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v4/projects/${s.id}/protected_branches/${encodeURIComponent('release/*')}`, {
        headers: root,
      })
      return ((await res.json()) as { allow_force_push: boolean }).allow_force_push
    })
    .toBe(true)

  // The developer's token: deleting a protected branch is refused and the branch stays.
  const dev = { 'PRIVATE-TOKEN': s.developerToken }
  const branchUrl = `/api/v4/projects/${s.id}/repository/branches/${encodeURIComponent('release/1.0')}`
  const refused = await request.delete(branchUrl, { headers: dev })
  expect(refused.status()).toBe(400)
  expect((await request.get(branchUrl, { headers: dev })).status()).toBe(200)

  // The developer sees the rule but nothing to change it with.
  const devContext = await browser.newContext()
  const devPage = await devContext.newPage()
  await logIn(devPage, s.developer.username, PASSWORD, s.settingsUrl)
  await expect(devPage.locator('[data-testid="protected-branch-row"][data-name="release/*"]')).toHaveCount(1)
  await expect(devPage.getByTestId('protected-branch-form')).toHaveCount(0)
  await expect(devPage.getByTestId('force-push-toggle')).toHaveCount(0)
  await expect(devPage.getByTestId('unprotect-button')).toHaveCount(0)
  await devContext.close()

  // Unprotecting takes a confirmation; then the developer may delete the branch.
  await row.getByTestId('unprotect-button').click()
  await row.getByTestId('confirm-unprotect-button').click()
  await expect(row).toHaveCount(0)
  expect((await request.delete(branchUrl, { headers: dev })).status()).toBe(204)
})

test('a member removed while the form is open: the API’s 422 list is shown on the form', async ({ page, request }) => {
  const s = await setUp(request)
  await logIn(page, s.maintainer.username, PASSWORD, s.settingsUrl)
  await page.getByTestId('protected-branch-name-input').fill('feature-*')
  await expect(page.getByTestId('matching-branch')).toHaveText(['feature-a'])
  await page.getByTestId('push-users-select').selectOption(String(s.developer.id))
  expect((await request.delete(`/api/v4/projects/${s.id}/members/${s.developer.id}`, { headers: root })).status()).toBe(
    204,
  )
  await page.getByTestId('protect-submit').click()
  await expect(page.getByTestId('protected-branch-error')).toHaveText(
    'Push access levels user is not a member of the project',
  )
  await expect(page.locator('[data-testid="protected-branch-row"][data-name="feature-*"]')).toHaveCount(0)
})
