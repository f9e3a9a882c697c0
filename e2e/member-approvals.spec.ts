// Member promotion management: with the setting on, an owner's invitation of a user with no role
// above Guest is queued (the invite form says so), and an administrator approves it on
// /admin/member_approvals, after which the user is a member with the invited role.
import { expect, test, createUser, groupWithOwnerAndMaintainer, logIn, root, USER_PASSWORD } from './helpers'

test('a queued promotion is approved by an administrator in the console', async ({ page, browser, request }) => {
  const setting = (on: boolean) =>
    request.put('/api/v4/application/settings', { headers: root, data: { enable_member_promotion_management: on } })
  expect((await setting(true)).status()).toBe(200)
  try {
    const g = await groupWithOwnerAndMaintainer(request, 'mpm')
    const newcomer = await createUser(request, `newcomer${g.stamp}`)
    await logIn(page, g.owner.username, USER_PASSWORD, `/groups/${g.full_path}/-/group_members`)
    await page.getByTestId('invite-targets-input').fill(`@${newcomer.username}`)
    await page.getByTestId('invite-role-select').selectOption('30')
    await page.getByTestId('invite-submit').click()
    await expect(page.getByTestId('invite-result')).toContainText('administrator approval')
    expect((await request.get(`/api/v4/groups/${g.id}/members/${newcomer.id}`, { headers: root })).status()).toBe(404)

    const pending = (await (
      await request.get('/api/v4/admin/member_approvals?status=pending&per_page=100', { headers: root })
    ).json()) as { id: number; user: { id: number } }[]
    const approval = pending.find((a) => a.user.id === newcomer.id)
    expect(approval).toBeDefined()
    const adminContext = await browser.newContext()
    const admin = await adminContext.newPage()
    await logIn(admin, 'root', undefined, '/admin/member_approvals')
    await admin.getByTestId(`approve-${approval!.id}`).click()
    await expect(admin.getByTestId(`approval-${approval!.id}`)).toHaveCount(0)
    await adminContext.close()
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/v4/groups/${g.id}/members/${newcomer.id}`, { headers: root })).json()) as {
              access_level?: number
            }
          ).access_level,
      )
      .toBe(30)
  } finally {
    await setting(false)
  }
})
