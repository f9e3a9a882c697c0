// An owner exports a group from its Export page, downloads the archive, and imports it as a new
// subgroup from the Import page (reached from the Export page, parent preselected); the subgroup arrives through the background queue.
import { expect, test, logIn, root } from './helpers'

test('an owner exports a group and imports the archive as a new group', async ({ page, request }) => {
  test.setTimeout(90_000)
  const stamp = Date.now()
  const group = await request.post('/api/v4/groups', {
    headers: root,
    data: { name: `exp-${stamp}`, path: `exp-${stamp}` },
  })
  const { id, full_path } = (await group.json()) as { id: number; full_path: string }
  expect(
    (
      await request.post('/api/v4/groups', { headers: root, data: { name: 'Inner', path: 'inner', parent_id: id } })
    ).status(),
  ).toBe(201)

  await logIn(page, 'root', undefined, `/groups/${full_path}/-/export`)
  await expect(page.getByTestId('group-export-state')).toContainText('No export yet')
  await page.getByTestId('group-export-start').click()
  await expect
    .poll(
      async () => {
        await page.reload()
        return page.getByTestId('group-export-download').count()
      },
      { timeout: 30_000 },
    )
    .toBe(1)
  const download = await request.get(`/api/v4/groups/${id}/export/download`, { headers: root })
  expect(download.status()).toBe(200)
  const archive = Buffer.from(await download.body())

  // The export page leads to the file import with this group preselected as the parent.
  await page.getByTestId('group-export-import-link').click()
  await expect(page.getByTestId('group-import-parent')).toHaveValue(String(id))
  await page.getByTestId('group-import-submit').click()
  await expect(page.getByTestId('group-import-error')).toContainText('required')
  await page.getByTestId('group-import-name').fill(`Copy ${stamp}`)
  await page.getByTestId('group-import-path').fill(`copy-${stamp}`)
  await page
    .getByTestId('group-import-file')
    .setInputFiles({ name: 'export.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('not an archive') })
  await page.getByTestId('group-import-submit').click()
  await expect(page.getByTestId('group-import-error')).toContainText('Invalid file')
  await page
    .getByTestId('group-import-file')
    .setInputFiles({ name: 'export.tar.gz', mimeType: 'application/gzip', buffer: archive })
  await page.getByTestId('group-import-submit').click()
  await expect(page.getByTestId('group-import-started')).toBeVisible()
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v4/groups/${encodeURIComponent(`${full_path}/copy-${stamp}`)}/subgroups`, {
          headers: root,
        })
        return res.ok() ? ((await res.json()) as { path: string }[]).map((g) => g.path) : []
      },
      { timeout: 30_000 },
    )
    .toEqual(['inner'])
})
