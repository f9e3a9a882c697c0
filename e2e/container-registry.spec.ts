// A maintainer previews a cleanup of a repository in a real docker-registry, runs it, and exactly the
// previewed tags are gone (in the page and through the API).
import type { RunningRegistry } from '../test/registry/process'
import { expect, test, logIn, ROOT_TOKEN } from './helpers'
import { pushAsRoot, startE2eRegistry } from './registry'

const root = { 'PRIVATE-TOKEN': ROOT_TOKEN }
let registry: RunningRegistry | undefined

test.beforeAll(async ({ baseURL }) => {
  registry = await startE2eRegistry(baseURL ?? '')
})
test.afterAll(async () => {
  await registry?.stop()
})

test('a cleanup removes exactly the tags its preview listed', async ({ page, request }) => {
  const stamp = Date.now()
  const created = await request.post('/api/v4/projects', { headers: root, data: { name: `images-${stamp}` } })
  expect(created.status()).toBe(201)
  const project = (await created.json()) as { id: number; path_with_namespace: string }
  const imagePath = project.path_with_namespace.toLowerCase()
  const day = 24 * 3600_000
  // v1 (oldest) … v5 (newest), each its own image; latest is never removed.
  for (let i = 1; i <= 5; i++)
    await pushAsRoot(request, imagePath, [`v${i}`], { created: new Date(Date.now() - (20 - i) * day) })
  await pushAsRoot(request, imagePath, ['latest', 'v-release'], { seed: `release-${stamp}` })

  await logIn(page, 'root', undefined, `/projects/${project.path_with_namespace}/-/container_registry`)
  const repos = page.getByTestId('registry-repositories')
  await expect(repos).toBeVisible()
  const repoList = (await (
    await request.get(`/api/v4/projects/${project.id}/registry/repositories`, { headers: root })
  ).json()) as { id: number }[]
  const repoId = repoList[0]!.id
  await page.getByTestId(`registry-repo-link-${repoId}`).click()
  await expect(page.getByTestId('registry-tags')).toBeVisible()
  for (const tag of ['latest', 'v1', 'v5', 'v-release'])
    await expect(page.getByTestId(`registry-tag-${tag}`)).toBeVisible()

  // Delete v*, keep v-release by the keep regex and the two newest matches by keep_n.
  await page.getByTestId('cleanup-input-name_regex_delete').fill('v.*')
  await page.getByTestId('cleanup-input-name_regex_keep').fill('v-release')
  await page.getByTestId('cleanup-input-keep_n').fill('2')
  await page.getByTestId('cleanup-preview-button').click()
  await expect(page.getByTestId('cleanup-preview')).toBeVisible()
  // At 1280 px the tags and the preview stay inside the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  )
  await expect(page.getByTestId('cleanup-delete-count')).toHaveText('3')
  const decisions = page.locator('[data-testid^="cleanup-decision-"]')
  const previewed: string[] = []
  for (const el of await decisions.all()) {
    if ((await el.getAttribute('data-decision')) === 'delete')
      previewed.push((await el.getAttribute('data-testid'))!.replace('cleanup-decision-', ''))
  }
  expect(previewed.sort()).toEqual(['v1', 'v2', 'v3'])

  await page.getByTestId('cleanup-run').click()
  await expect(page.getByTestId('cleanup-done')).toHaveText(/succeeded/i, { timeout: 30_000 })
  await expect(page.getByTestId('registry-tag-v1')).toHaveCount(0)
  for (const tag of ['latest', 'v4', 'v5', 'v-release'])
    await expect(page.getByTestId(`registry-tag-${tag}`)).toBeVisible()

  const tags = (await (
    await request.get(`/api/v4/projects/${project.id}/registry/repositories/${repoId}/tags`, { headers: root })
  ).json()) as { name: string }[]
  expect(tags.map((t) => t.name)).toEqual(['latest', 'v-release', 'v4', 'v5'])
})
