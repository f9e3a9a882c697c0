// Issue 31 A9 in the browser: signing out ends the session on the server (a copy of the cookie,
// replayed, is sent to log in), every sign-in gets a new cookie, an administrator revokes a user's
// sessions from the user's page, and a locked account says so on the login page.
import { expect, test, type BrowserContext } from '@playwright/test'
import { createUser, hydrated, logIn, root, USER_PASSWORD } from './helpers'

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name.endsWith('next-auth.session-token'))

test('a signed-out cookie, replayed, signs in no one; each sign-in gets a new session', async ({
  page,
  browser,
  request,
}) => {
  const name = `sess${Date.now()}`
  await createUser(request, name)
  await logIn(page, name, USER_PASSWORD)
  const first = await sessionCookie(page.context())
  expect(first).toBeDefined()
  await page.getByTestId('logout-button').click()
  await expect(page).toHaveURL(/\/login/)
  // The copy a thief kept: next-auth's JWT is still well signed and unexpired, the server says no.
  const thief = await browser.newContext()
  await thief.addCookies([first!])
  const stolen = await thief.newPage()
  await stolen.goto('/projects')
  await expect(stolen).toHaveURL(/\/login\?callbackUrl=/)
  const api = await thief.request.get('/api/v4/user')
  expect(api.status()).toBe(401)
  await thief.close()
  await logIn(page, name, USER_PASSWORD)
  expect((await sessionCookie(page.context()))!.value).not.toBe(first!.value)
})

test("an administrator's 'Revoke all sessions' signs the user out", async ({ page, browser, request }) => {
  const name = `revoke${Date.now()}`
  await createUser(request, name)
  const userId = (await (await request.get(`/api/v4/users?username=${name}`, { headers: root })).json())[0].id
  const victim = await browser.newContext()
  const victimPage = await victim.newPage()
  await logIn(victimPage, name, USER_PASSWORD)
  await logIn(page)
  await page.goto(`/admin/users/${userId}`)
  await hydrated(page)
  await page.getByTestId('revoke-sessions-button').click()
  await page.getByTestId('confirm-revoke-sessions-button').click()
  await expect(page.getByTestId('toasts')).toContainText('1 session revoked.')
  await victimPage.goto('/projects')
  await expect(victimPage).toHaveURL(/\/login\?callbackUrl=/)
  await victim.close()
})

test('ten wrong passwords lock the account, and the login page says so', async ({ page, request }) => {
  const name = `lock${Date.now()}`
  await createUser(request, name)
  await page.goto('/login')
  await hydrated(page)
  for (let i = 0; i < 9; i++) {
    await page.getByTestId('login-input').fill(name)
    await page.getByTestId('password-input').fill(`wrong-${i}`)
    await page.getByTestId('login-submit').click()
    // The form empties the password once the answer is in: this attempt is over.
    await expect(page.getByTestId('password-input')).toHaveValue('')
    await expect(page.getByTestId('login-error')).toHaveText('Invalid login or password.')
  }
  await page.getByTestId('password-input').fill('wrong-9')
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('password-input')).toHaveValue('')
  await expect(page.getByTestId('login-error')).toHaveText('Your account is locked. Try again in a few minutes.')
  // The right password no longer helps while the lock lasts.
  await page.getByTestId('password-input').fill(USER_PASSWORD)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('login-error')).toHaveText('Your account is locked. Try again in a few minutes.')
  await expect(page).toHaveURL(/\/login/)
})
