// Anonymous visitors are sent to the login page; the admin area is 404 for non-administrators;
// the browsers list what the API lists.
import { expect, test, logIn, ROOT_PASSWORD, ROOT_TOKEN } from './helpers'

test('anonymous users are sent to log in and come back after', async ({ page }) => {
  await page.goto('/groups')
  await expect(page).toHaveURL(/\/login\?callbackUrl=/)
  await page.getByTestId('login-input').fill('root')
  await page.getByTestId('password-input').fill('wrong-password')
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('login-error')).toBeVisible()
  await page.getByTestId('password-input').fill(ROOT_PASSWORD)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/groups$/)
})

test('a regular user gets 404 on admin pages and sees no admin navigation', async ({ page, request }) => {
  const rootLogin = await request.post('/api/v4/users', {
    headers: { 'PRIVATE-TOKEN': ROOT_TOKEN },
    data: {
      username: `plain${Date.now()}`,
      email: `plain${Date.now()}@example.com`,
      name: 'Plain User',
      password: 'plain-password-1',
      skip_confirmation: true,
    },
  })
  expect(rootLogin.status()).toBe(201)
  const user = await rootLogin.json()
  await logIn(page, user.username, 'plain-password-1')
  await expect(page.getByTestId('nav-admin')).toHaveCount(0)
  const res = await page.goto('/admin/settings')
  expect(res?.status()).toBe(404)
})

test('project and group browsers list what the API returns', async ({ page, request }) => {
  const token = ROOT_TOKEN
  const path = `e2e-group-${Date.now()}`
  const group = await request.post('/api/v4/groups', {
    headers: { 'PRIVATE-TOKEN': token },
    data: { name: path, path },
  })
  expect(group.status()).toBe(201)
  const project = await request.post('/api/v4/projects', {
    headers: { 'PRIVATE-TOKEN': token },
    data: { name: 'Browser Demo', namespace_id: (await group.json()).id, initialize_with_readme: true },
  })
  expect(project.status()).toBe(201)
  await logIn(page)
  await page.goto(`/projects?search=Browser+Demo`)
  await page.getByTestId('project-link').filter({ hasText: 'Browser Demo' }).first().click()
  await expect(page.getByTestId('project-header')).toContainText('Browser Demo')
  await expect(page.getByTestId('branch-row').filter({ hasText: 'main' })).toHaveCount(1)
  await page.goto(`/groups/${path}`)
  await expect(page.getByTestId('group-projects-table')).toContainText('Browser Demo')
})
