// A developer creates a two-file snippet in the console, edits one file, sees two versions, opens
// the old one and reads the old content; the API agrees on what the browser did.
import { expect, test, logIn, ROOT_TOKEN } from './helpers'

const root = { 'PRIVATE-TOKEN': ROOT_TOKEN }
const PASSWORD = 'snippets-e2e-password-1'

test('a developer creates a two-file snippet, edits a file and reads the old version', async ({ page, request }) => {
  const stamp = Date.now()
  const project = await request.post('/api/v4/projects', { headers: root, data: { name: `snippets-${stamp}` } })
  expect(project.status()).toBe(201)
  const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
  const username = `snip${stamp}`
  const user = await request.post('/api/v4/users', {
    headers: root,
    data: { username, email: `${username}@example.com`, name: username, password: PASSWORD, skip_confirmation: true },
  })
  expect(user.status()).toBe(201)
  const { id: userId } = (await user.json()) as { id: number }
  expect(
    (
      await request.post(`/api/v4/projects/${id}/members`, {
        headers: root,
        data: { user_id: userId, access_level: 30 },
      })
    ).status(),
  ).toBe(201)

  await logIn(page, username, PASSWORD, `/projects/${path_with_namespace}/-/snippets`)
  await expect(page.getByTestId('snippets-section')).toBeVisible()
  await page.getByTestId('snippet-new-link').click()
  await expect(page).toHaveURL(/\/-\/snippets\/new$/)

  // The form refuses a bad path before any request.
  await page.getByTestId('snippet-title-input').fill('Deploy notes')
  await page.getByTestId('snippet-file-path-0').fill('../escape.sh')
  await page.getByTestId('snippet-file-content-0').fill('echo one')
  await page.getByTestId('snippet-submit').click()
  await expect(page.getByText('Enter a relative file path')).toBeVisible()

  await page.getByTestId('snippet-file-path-0').fill('deploy.sh')
  await page.getByTestId('snippet-add-file').click()
  await page.getByTestId('snippet-file-path-1').fill('notes.md')
  await page.getByTestId('snippet-file-content-1').fill('first draft')
  await page.getByTestId('snippet-submit').click()

  await expect(page).toHaveURL(/\/-\/snippets\/\d+$/)
  await expect(page.getByTestId('snippet-title')).toContainText('Deploy notes')
  await expect(page.getByTestId('snippet-file')).toHaveCount(2)
  await expect(page.locator('[data-path="notes.md"] pre')).toHaveText('first draft')
  await expect(page.getByTestId('snippet-version')).toHaveCount(1)
  const snippetId = Number(/\/-\/snippets\/(\d+)$/.exec(page.url())![1])

  await page.getByTestId('snippet-edit-link').click()
  await expect(page).toHaveURL(/\/-\/snippets\/\d+\/edit$/)
  await expect(page.getByTestId('snippet-file-content-1')).toHaveValue('first draft')
  await page.getByTestId('snippet-file-content-1').fill('second draft')
  await page.getByTestId('snippet-submit').click()

  await expect(page).toHaveURL(new RegExp(`/-/snippets/${snippetId}$`))
  await expect(page.locator('[data-path="notes.md"] pre')).toHaveText('second draft')
  await expect(page.getByTestId('snippet-version')).toHaveCount(2)

  // The older version (listed last) still shows the first draft.
  const old = page.getByTestId('snippet-version').last()
  const oldSha = await old.getAttribute('data-sha')
  await old.getByTestId('snippet-version-link').click()
  await expect(page).toHaveURL(new RegExp(`ref=${oldSha}`))
  await expect(page.locator('[data-path="notes.md"] pre')).toHaveText('first draft')
  await expect(page.locator('[data-path="deploy.sh"] pre')).toHaveText('echo one')

  // The API agrees: two versions, the old one readable by its sha, the list shows the snippet.
  const raw = await request.get(`/api/v4/projects/${id}/snippets/${snippetId}/files/${oldSha}/notes.md/raw`, {
    headers: root,
  })
  expect(await raw.text()).toBe('first draft')
  await page.getByRole('link', { name: '← All snippets' }).click()
  await expect(page.getByTestId('snippet-row').filter({ hasText: 'Deploy notes' })).toHaveCount(1)
})
