// Group → Members → "Groups with access": an owner shares the group with another group; a member
// of that group can then open the shared group's private subgroup; removing the share takes it away.
import { expect, test, createUser, groupWithOwnerAndMaintainer, logIn, root, USER_PASSWORD } from './helpers'

test('an owner shares a group with another group from the Members page', async ({ page, request }) => {
  const g = await groupWithOwnerAndMaintainer(request, 'gsh')
  const sub = (await (
    await request.post('/api/v4/groups', {
      headers: root,
      data: { name: `Sub ${g.stamp}`, path: `sub-${g.stamp}`, parent_id: g.id, visibility: 'private' },
    })
  ).json()) as { id: number }
  const team = (await (
    await request.post('/api/v4/groups', {
      headers: root,
      data: { name: `Crew ${g.stamp}`, path: `crew-${g.stamp}`, visibility: 'internal' },
    })
  ).json()) as {
    id: number
    full_path: string
  }
  const crewMember = await createUser(request, `crew${g.stamp}`)
  expect(
    (
      await request.post(`/api/v4/groups/${team.id}/members`, {
        headers: root,
        data: { user_id: crewMember.id, access_level: 30 },
      })
    ).status(),
  ).toBe(201)
  const token = (
    (await (
      await request.post(`/api/v4/users/${crewMember.id}/personal_access_tokens`, {
        headers: root,
        data: { name: 'e2e', scopes: ['api'] },
      })
    ).json()) as { token: string }
  ).token
  const asCrew = { 'PRIVATE-TOKEN': token }
  expect((await request.get(`/api/v4/groups/${sub.id}`, { headers: asCrew })).status()).toBe(404)

  await logIn(page, g.owner.username, USER_PASSWORD, `/groups/${g.full_path}/-/group_members`)
  await page.getByTestId('share-group-input').fill(team.full_path)
  await page.getByTestId('share-role-select').selectOption('20')
  await page.getByTestId('share-submit').click()
  await expect(page.locator(`[data-testid="share-row"][data-group="${team.full_path}"]`)).toContainText('Reporter')
  expect((await request.get(`/api/v4/groups/${sub.id}`, { headers: asCrew })).status()).toBe(200)

  await page.getByTestId('remove-share-button').click()
  await page.getByTestId('confirm-remove-share-button').click()
  await expect(page.getByTestId('shares-empty')).toBeVisible()
  expect((await request.get(`/api/v4/groups/${sub.id}`, { headers: asCrew })).status()).toBe(404)
})
