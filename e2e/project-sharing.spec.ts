// Project → Members → share with a group, then Settings → Repository names that group in a
// protection rule: its members may push to the protected branch, others may not; unsharing
// removes the group again.
import { expect, test, createUser, logIn, root, USER_PASSWORD } from './helpers'

test('a maintainer shares the project with a group and lets that group push to a protected branch', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const project = (await (
    await request.post('/api/v4/projects', {
      headers: root,
      data: { name: `share-${stamp}`, initialize_with_readme: true },
    })
  ).json()) as {
    id: number
    path_with_namespace: string
  }
  const group = (await (
    await request.post('/api/v4/groups', { headers: root, data: { name: `Team ${stamp}`, path: `team-${stamp}` } })
  ).json()) as {
    id: number
    full_path: string
  }
  const [maintainer, teammate, developer] = [
    await createUser(request, `sharemaint${stamp}`),
    await createUser(request, `teammate${stamp}`),
    await createUser(request, `sharedev${stamp}`),
  ]
  expect(
    (
      await request.post(`/api/v4/projects/${project.id}/members`, {
        headers: root,
        data: { user_id: maintainer.id, access_level: 40 },
      })
    ).status(),
  ).toBe(201)
  expect(
    (
      await request.post(`/api/v4/projects/${project.id}/members`, {
        headers: root,
        data: { user_id: developer.id, access_level: 30 },
      })
    ).status(),
  ).toBe(201)
  // The sharer must belong to the group; the teammate is a Developer of it and nothing else.
  expect(
    (
      await request.post(`/api/v4/groups/${group.id}/members`, {
        headers: root,
        data: { user_id: maintainer.id, access_level: 10 },
      })
    ).status(),
  ).toBe(201)
  expect(
    (
      await request.post(`/api/v4/groups/${group.id}/members`, {
        headers: root,
        data: { user_id: teammate.id, access_level: 30 },
      })
    ).status(),
  ).toBe(201)
  expect(
    (
      await request.post(`/api/v4/projects/${project.id}/repository/branches`, {
        headers: root,
        data: { branch: 'team/a', ref: 'main' },
      })
    ).status(),
  ).toBe(201)

  await logIn(page, maintainer.username, USER_PASSWORD, `/projects/${project.path_with_namespace}/-/project_members`)
  await page.getByTestId('share-group-input').fill(group.full_path)
  await page.getByTestId('share-role-select').selectOption('30')
  await page.getByTestId('share-submit').click()
  await expect(page.locator(`[data-testid="share-row"][data-group="${group.full_path}"]`)).toContainText('Developer')

  await page.goto(`/projects/${project.path_with_namespace}/-/settings/repository`)
  await page.getByTestId('protected-branch-name-input').fill('team/*')
  await page.getByTestId('push-access-select').selectOption('0')
  await page.getByTestId('push-groups-select').selectOption(String(group.id))
  await page.getByTestId('protect-submit').click()
  const row = page.locator('[data-testid="protected-branch-row"][data-name="team/*"]')
  await expect(row.getByTestId('push-access')).toContainText(`Team ${stamp}`)

  const tokenOf = async (userId: number) =>
    (
      (await (
        await request.post(`/api/v4/users/${userId}/personal_access_tokens`, {
          headers: root,
          data: { name: 'e2e', scopes: ['api'] },
        })
      ).json()) as { token: string }
    ).token
  const branch = `/api/v4/projects/${project.id}/repository/branches/${encodeURIComponent('team/a')}`
  const asTeammate = (await (
    await request.get(branch, { headers: { 'PRIVATE-TOKEN': await tokenOf(teammate.id) } })
  ).json()) as { can_push: boolean }
  // A project Developer outside the group may not: the rule's role is "No one".
  const asDeveloper = (await (
    await request.get(branch, { headers: { 'PRIVATE-TOKEN': await tokenOf(developer.id) } })
  ).json()) as { can_push: boolean }
  expect([asTeammate.can_push, asDeveloper.can_push]).toEqual([true, false])

  await page.goto(`/projects/${project.path_with_namespace}/-/project_members`)
  await page.getByTestId('remove-share-button').click()
  await page.getByTestId('confirm-remove-share-button').click()
  await expect(page.getByTestId('shares-empty')).toBeVisible()
})
