// Group → Settings → General: an owner changes the description and uploads an avatar (previewed
// before upload, served after it); a maintainer of the same group gets the not-found page.
import { type APIRequestContext } from '@playwright/test'
import { expect, test, groupWithOwnerAndMaintainer, logIn, root, USER_PASSWORD } from './helpers'

const PASSWORD = USER_PASSWORD
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

async function setUp(request: APIRequestContext) {
  const g = await groupWithOwnerAndMaintainer(request, 'gs')
  return { ...g, url: `/groups/${g.full_path}/-/edit` }
}

test('an owner edits the description and uploads an avatar; a maintainer cannot reach the page', async ({
  page,
  browser,
  request,
}) => {
  const s = await setUp(request)

  await logIn(page, s.owner.username, PASSWORD, s.url)
  await expect(page.getByTestId('group-settings-section')).toBeVisible()

  await page.getByTestId('group-description-input').fill('Edited in the browser')
  await page.getByTestId('group-settings-submit').click()
  await expect(page.getByTestId('group-settings-saved')).toBeVisible()
  const saved = await request.get(`/api/v4/groups/${s.id}?with_projects=false`, { headers: root })
  expect(((await saved.json()) as { description: string }).description).toBe('Edited in the browser')

  // An API validation error lands on its field.
  await page.getByTestId('group-name-input').fill('  ')
  await page.getByTestId('group-settings-submit').click()
  await expect(page.getByTestId('group-name-error')).toContainText("can't be blank")
  await page.reload()

  await expect(page.getByTestId('group-avatar-none')).toBeVisible()
  await page.getByTestId('group-avatar-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByTestId('group-avatar-preview')).toBeVisible()
  await page.getByTestId('group-avatar-upload').click()
  const current = page.getByTestId('group-avatar-current')
  await expect(current).toBeVisible()
  // The served image really loads.
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
  const avatar = await request.get(`/api/v4/groups/${s.id}/avatar`, { headers: root })
  expect(avatar.status()).toBe(200)
  expect(avatar.headers()['content-disposition']).toContain('filename="logo.png"')

  const context = await browser.newContext()
  const other = await context.newPage()
  await logIn(other, s.maintainer.username, PASSWORD, s.url)
  await expect(other.getByTestId('not-found')).toBeVisible()
  await expect(other.getByTestId('group-settings-section')).toHaveCount(0)
  await context.close()
})
