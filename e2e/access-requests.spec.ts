// A signed-in non-member asks for access on a group's page; the owner sees the request on the
// Members page and approves it with a role; the requester is then a member with that role.
import { expect, test, createUser, groupWithOwnerAndMaintainer, logIn, root, USER_PASSWORD } from './helpers'

test('a visitor requests access to a group and the owner approves it as Reporter', async ({
  page,
  browser,
  request,
}) => {
  const g = await groupWithOwnerAndMaintainer(request, 'ar')
  // Internal, so any signed-in user sees the group page.
  expect(
    (await request.put(`/api/v4/groups/${g.id}`, { headers: root, data: { visibility: 'internal' } })).status(),
  ).toBe(200)
  const visitor = await createUser(request, `arvisitor${g.stamp}`)

  const visitorContext = await browser.newContext()
  const vp = await visitorContext.newPage()
  await logIn(vp, visitor.username, USER_PASSWORD, `/groups/${g.full_path}`)
  await vp.getByTestId('request-access-button').click()
  await expect(vp.getByTestId('access-requested')).toBeVisible()
  await visitorContext.close()

  await logIn(page, g.owner.username, USER_PASSWORD, `/groups/${g.full_path}/-/group_members`)
  const row = page.locator(`[data-testid="access-request-row"][data-username="${visitor.username}"]`)
  await row.getByTestId('access-request-role-select').selectOption('20')
  await row.getByTestId('approve-access-request-button').click()
  await expect(page.getByTestId('access-requests-section')).toHaveCount(0)
  await expect(page.locator(`[data-testid="member-row"][data-username="${visitor.username}"]`)).toHaveCount(1)
  const member = await request.get(`/api/v4/groups/${g.id}/members/${visitor.id}`, { headers: root })
  expect(((await member.json()) as { access_level: number }).access_level).toBe(20)
})
