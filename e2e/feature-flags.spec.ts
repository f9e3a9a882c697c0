// An administrator sets a feature flag on in the console, sees it listed as on, enables another for
// one user (an unknown username is refused at its field), and deletes both with confirmation.
// Other specs' flags may exist: rows are matched by their flag name (data-row-id).
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test, createUser, logIn, root } from './helpers'

const stamp = Date.now()
const globalFlag = `e2e_global_flag_${stamp}`
const userFlag = `e2e_user_flag_${stamp}`

const row = (page: Page, name: string) => page.locator(`[data-testid="feature-flag-row"][data-row-id="${name}"]`)

async function storedFlag(request: APIRequestContext, name: string) {
  const res = await request.get('/api/v4/features', { headers: root })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { name: string; state: string; gates: { key: string; value: unknown }[] }[]).find(
    (f) => f.name === name,
  )
}

test.describe.serial('feature flags', () => {
  test('an administrator sets a flag on for everyone and sees it listed as on', async ({ page, request }) => {
    await logIn(page)
    await page.getByTestId('nav-admin-feature-flags').click()
    await expect(page).toHaveURL(/\/admin\/feature_flags$/)
    const form = page.getByTestId('feature-flag-form')

    // An empty name is refused in the browser, at its field.
    await form.getByTestId('feature-flag-submit').click()
    await expect(page.getByTestId('feature-flag-name-error')).toHaveText('Name is required')

    await form.getByTestId('feature-flag-name-input').fill(globalFlag)
    await form.getByTestId('feature-flag-value-select').selectOption('true')
    await form.getByTestId('feature-flag-submit').click()
    await expect(page.getByTestId('feature-flag-saved')).toContainText(`${globalFlag} is on for everyone`)
    await expect(row(page, globalFlag).getByTestId('feature-flag-state')).toHaveText('on')
    await expect(row(page, globalFlag)).toContainText('Everyone')
    expect(await storedFlag(request, globalFlag)).toMatchObject({
      state: 'on',
      gates: [{ key: 'boolean', value: true }],
    })
  })

  test('enables a flag for one user; an unknown username is refused at its field', async ({ page, request }) => {
    const user = await createUser(request, `ffuser${stamp}`)
    await logIn(page, 'root', undefined, '/admin/feature_flags')
    const form = page.getByTestId('feature-flag-form')
    await form.getByTestId('feature-flag-name-input').fill(userFlag)
    await form.getByTestId('feature-flag-scope-select').selectOption('user')
    await form.getByTestId('feature-flag-actor-input').fill(`nobody${stamp}`)
    await form.getByTestId('feature-flag-submit').click()
    await expect(page.getByTestId('feature-flag-actor-error')).toContainText(`nobody${stamp} is not found!`)
    expect(await storedFlag(request, userFlag)).toBeUndefined()

    await form.getByTestId('feature-flag-actor-input').fill(user.username)
    await form.getByTestId('feature-flag-submit').click()
    await expect(page.getByTestId('feature-flag-saved')).toContainText(`${userFlag} is on for user ${user.username}`)
    await expect(row(page, userFlag).getByTestId('feature-flag-state')).toHaveText('conditional')
    await expect(row(page, userFlag).getByTestId('feature-flag-actors')).toContainText(`@${user.username}`)
    expect(await storedFlag(request, userFlag)).toMatchObject({
      state: 'conditional',
      gates: [
        { key: 'boolean', value: false },
        { key: 'actors', value: [`User:${user.id}`] },
      ],
    })
  })

  test('deletes flags after confirmation', async ({ page, request }) => {
    await logIn(page, 'root', undefined, '/admin/feature_flags')
    for (const name of [globalFlag, userFlag]) {
      const r = row(page, name)
      await r.getByTestId('delete-feature-flag-button').click()
      // Cancel first: nothing happens.
      await r.getByTestId('cancel-delete-feature-flag-button').click()
      await expect(r).toHaveCount(1)
      await r.getByTestId('delete-feature-flag-button').click()
      await r.getByTestId('confirm-delete-feature-flag-button').click()
      await expect(r).toHaveCount(0)
      expect(await storedFlag(request, name)).toBeUndefined()
    }
  })
})
