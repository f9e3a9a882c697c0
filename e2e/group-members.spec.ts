// Group → Members: an owner invites two addresses at once (one valid, one not) and sees each
// result; the invitation e-mail (in the outbox, no SMTP here) carries a link the invitee follows
// to accept; a maintainer of the group cannot reach the page.
import {
  expect,
  test,
  createUser,
  groupWithOwnerAndMaintainer,
  logIn,
  root,
  USER_PASSWORD as PASSWORD,
} from './helpers'

test('an owner invites two addresses, the invitee accepts through the e-mail link, a maintainer is kept out', async ({
  page,
  browser,
  request,
}) => {
  const { id, full_path, stamp, owner, maintainer } = await groupWithOwnerAndMaintainer(request, 'members')
  const group = { id, full_path }
  const invitee = await createUser(request, `invitee${stamp}`)

  const address = `new-${stamp}@example.com`
  await logIn(page, owner.username, PASSWORD, `/groups/${group.full_path}/-/group_members`)
  // Settings pages sit in the section row's Settings menu (GitLab's grouping).
  await page.getByTestId('section-menu-settings').click()
  await expect(page.getByRole('link', { name: 'SAML group links' })).toBeVisible()
  await page.getByTestId('invite-targets-input').fill(`${address}, not-an-address@`)
  await page.getByTestId('invite-role-select').selectOption('30')
  await page.getByTestId('invite-submit').click()
  const results = page.getByTestId('invite-result')
  await expect(results).toHaveCount(2)
  await expect(results.filter({ hasText: address })).toHaveAttribute('data-ok', 'true')
  await expect(results.filter({ hasText: 'not-an-address@' })).toHaveAttribute('data-ok', 'false')
  await expect(results.filter({ hasText: 'not-an-address@' })).toContainText('Invite email is invalid')
  await expect(page.getByTestId('invitation-row').filter({ hasText: address })).toHaveCount(1)

  // The administrator's outbox holds the e-mail and its accept link.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await logIn(admin, 'root', undefined, '/admin/outbox')
  const mail = admin
    .getByTestId('outbox-mail')
    .filter({ has: admin.getByTestId('outbox-to').getByText(address, { exact: true }) })
  const link = await mail.getByTestId('outbox-link').first().getAttribute('href')
  expect(link).toMatch(/\/-\/invites\/[A-Za-z0-9_-]{43}$/)
  await adminContext.close()

  // The invitee (signed in under another address, as GitLab allows) follows the link and accepts.
  const inviteeContext = await browser.newContext()
  const inv = await inviteeContext.newPage()
  await logIn(inv, invitee.username, PASSWORD, '/projects')
  await inv.goto(link!)
  await expect(inv.getByTestId('invitation-summary')).toContainText('Developer')
  await inv.getByTestId('accept-invitation-button').click()
  await expect
    .poll(async () =>
      (await request.get(`/api/v4/groups/${group.id}/members/${invitee.id}`, { headers: root })).status(),
    )
    .toBe(200)
  const member = (await (
    await request.get(`/api/v4/groups/${group.id}/members/${invitee.id}`, { headers: root })
  ).json()) as { access_level: number }
  expect(member.access_level).toBe(30)
  await inviteeContext.close()

  // The invitation is gone from the owner's pending list; the new member is in the table.
  await page.reload()
  await expect(page.getByTestId('invitation-row')).toHaveCount(0)
  await expect(page.getByTestId('member-row').filter({ hasText: invitee.username })).toHaveCount(1)

  const other = await browser.newContext()
  const mp = await other.newPage()
  await logIn(mp, maintainer.username, PASSWORD, `/groups/${group.full_path}/-/group_members`)
  await expect(mp.getByTestId('not-found')).toBeVisible()
  await expect(mp.getByTestId('invite-form')).toHaveCount(0)
  // Tabs the maintainer cannot open are not offered; the owner has them.
  await mp.goto(`/groups/${group.full_path}`)
  await expect(mp.getByRole('link', { name: 'Overview' })).toBeVisible()
  await expect(mp.getByRole('link', { name: 'Members' })).toHaveCount(0)
  // Also not inside a closed menu (role queries skip hidden links).
  await expect(mp.locator('nav.subnav a[href$="/-/saml_group_links"]')).toHaveCount(0)
  await other.close()
})
