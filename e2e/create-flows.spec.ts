// Creation flows and inherited members. An administrator creates a top-level group from the Groups
// list (the path follows the name; a taken path says so and offers GitLab's suggestion), a subgroup
// under it (a private parent leaves only Private), and a project in the subgroup; the API agrees.
// An owner's subgroup members page lists a member inherited from the parent with that group as its
// source, read-only, and filters Direct / Inherited / All.
import { expect, test, createUser, logIn, root } from './helpers'

test('an administrator creates a group, a subgroup and a project through the forms', async ({ page, request }) => {
  const stamp = Date.now()
  const taken = `taken-${stamp}`
  expect((await request.post('/api/v4/groups', { headers: root, data: { name: taken, path: taken } })).status()).toBe(
    201,
  )

  await logIn(page, 'root', undefined, '/groups')
  await page.getByTestId('new-group-button').click()
  await expect(page).toHaveURL(/\/groups\/new$/)
  await expect(page.getByTestId('breadcrumbs')).toContainText('New group')

  // The path follows the name; a taken one is refused with the free path GitLab suggests.
  await page.getByTestId('group-name-input').fill(`Taken ${stamp}`)
  await expect(page.getByTestId('group-path-input')).toHaveValue(taken)
  const status = page.getByTestId('path-status')
  await expect(status).toHaveAttribute('data-state', 'taken')
  await expect(status).toContainText('Path is already taken.')
  await expect(page.getByTestId('use-suggested-path')).toHaveText(`${taken}1`)

  // A new name moves the path along again; this one is free.
  await page.getByTestId('group-name-input').fill(`Create Flows ${stamp}`)
  const path = `create-flows-${stamp}`
  await expect(page.getByTestId('group-path-input')).toHaveValue(path)
  await expect(status).toHaveAttribute('data-state', 'available')
  await page.getByTestId('visibility-private').check()
  await page.getByTestId('create-group-submit').click()
  await expect(page).toHaveURL(new RegExp(`/groups/${path}$`))
  await expect(page.getByTestId('toast').filter({ hasText: `Group Create Flows ${stamp} created.` })).toBeVisible()
  await expect(page.getByTestId('group-header')).toContainText(`Create Flows ${stamp}`)
  const group = (await (await request.get(`/api/v4/groups/${path}`, { headers: root })).json()) as {
    id: number
    visibility: string
    parent_id: number | null
  }
  expect(group).toMatchObject({ visibility: 'private', parent_id: null })

  // A subgroup of the private group: only Private can be chosen.
  await page.getByTestId('new-subgroup-button').click()
  await expect(page).toHaveURL(new RegExp(`/groups/new\\?parent_id=${group.id}$`))
  await expect(page.getByTestId('parent-group')).toContainText(path)
  await expect(page.getByTestId('visibility-private')).toBeEnabled()
  await expect(page.getByTestId('visibility-private')).toBeChecked()
  await expect(page.getByTestId('visibility-internal')).toBeDisabled()
  await expect(page.getByTestId('visibility-public')).toBeDisabled()
  await expect(page.getByTestId('visibility-field')).toContainText(`the parent group Create Flows ${stamp} is private`)
  await page.getByTestId('group-name-input').fill('Team One')
  await expect(page.getByTestId('group-path-input')).toHaveValue('team-one')
  await expect(status).toHaveAttribute('data-state', 'available')
  await page.getByTestId('create-group-submit').click()
  await expect(page).toHaveURL(new RegExp(`/groups/${path}/team-one$`))
  await expect(page.getByTestId('toast').filter({ hasText: 'Subgroup Team One created.' })).toBeVisible()
  const sub = (await (
    await request.get(`/api/v4/groups/${encodeURIComponent(`${path}/team-one`)}`, { headers: root })
  ).json()) as {
    id: number
    parent_id: number
    visibility: string
  }
  expect(sub).toMatchObject({ parent_id: group.id, visibility: 'private' })

  // A project in the subgroup, its namespace preselected from the group page's link.
  await page.getByTestId('new-project-button').click()
  await expect(page).toHaveURL(new RegExp(`/projects/new\\?namespace_id=${sub.id}$`))
  await expect(page.getByTestId('project-namespace-select')).toHaveValue(String(sub.id))
  await expect(page.getByTestId('visibility-public')).toBeDisabled()
  await page.getByTestId('project-name-input').fill('API Server')
  await expect(page.getByTestId('project-path-input')).toHaveValue('api-server')
  await expect(status).toHaveAttribute('data-state', 'available')
  await expect(page.getByTestId('project-readme-checkbox')).toBeChecked()
  await page.getByTestId('create-project-submit').click()
  await expect(page).toHaveURL(new RegExp(`/projects/${path}/team-one/api-server$`))
  await expect(page.getByTestId('toast').filter({ hasText: 'Project API Server created.' })).toBeVisible()
  const project = await request.get(`/api/v4/projects/${encodeURIComponent(`${path}/team-one/api-server`)}`, {
    headers: root,
  })
  expect(project.status()).toBe(200)
  expect(await project.json()).toMatchObject({ name: 'API Server', visibility: 'private', namespace: { id: sub.id } })

  // The Projects list offers the same form.
  await page.goto('/projects')
  await page.getByTestId('new-project-button').click()
  await expect(page).toHaveURL(/\/projects\/new$/)
  await expect(page.getByTestId('new-project-form')).toBeVisible()
})

test("a subgroup's members page shows inherited members with their source and filters them", async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const parent = await request.post('/api/v4/groups', {
    headers: root,
    data: { name: `Inherit ${stamp}`, path: `inherit-${stamp}` },
  })
  expect(parent.status()).toBe(201)
  const { id: parentId, full_path: parentPath } = (await parent.json()) as { id: number; full_path: string }
  const sub = await request.post('/api/v4/groups', {
    headers: root,
    data: { name: 'Child', path: 'child', parent_id: parentId },
  })
  expect(sub.status()).toBe(201)
  const { id: subId, full_path: subPath } = (await sub.json()) as { id: number; full_path: string }
  const inherited = await createUser(request, `inh${stamp}`)
  const direct = await createUser(request, `dir${stamp}`)
  expect(
    (
      await request.post(`/api/v4/groups/${parentId}/members`, {
        headers: root,
        data: { user_id: inherited.id, access_level: 30 },
      })
    ).status(),
  ).toBe(201)
  expect(
    (
      await request.post(`/api/v4/groups/${subId}/members`, {
        headers: root,
        data: { user_id: direct.id, access_level: 40 },
      })
    ).status(),
  ).toBe(201)

  await logIn(page, 'root', undefined, `/groups/${subPath}/-/group_members`)
  const row = (username: string) => page.locator(`[data-testid="member-row"][data-username="${username}"]`)

  // All (the default): the inherited member, read-only, names the parent group; the direct one is editable.
  await expect(page.getByTestId('membership-filter-all')).toHaveAttribute('aria-current', 'page')
  await expect(row(inherited.username)).toHaveAttribute('data-membership', 'inherited')
  await expect(row(inherited.username).getByTestId('member-source')).toHaveText(`Inherited from Inherit ${stamp}`)
  await expect(row(inherited.username).getByTestId('member-role')).toHaveText('Developer')
  await expect(row(inherited.username).getByTestId('member-role-select')).toHaveCount(0)
  await expect(row(inherited.username).getByTestId('remove-member')).toHaveCount(0)
  await expect(row(direct.username)).toHaveAttribute('data-membership', 'direct')
  await expect(row(direct.username).getByTestId('member-source')).toHaveText('Direct member')
  await expect(row(direct.username).getByTestId('member-role-select')).toHaveValue('40')

  await page.getByTestId('membership-filter-inherited').click()
  await expect(page).toHaveURL(/with_inherited_permissions=only/)
  await expect(row(inherited.username)).toHaveCount(1)
  await expect(row(direct.username)).toHaveCount(0)

  await page.getByTestId('membership-filter-direct').click()
  await expect(page).toHaveURL(/with_inherited_permissions=exclude/)
  await expect(row(direct.username)).toHaveCount(1)
  await expect(row(inherited.username)).toHaveCount(0)

  // The source links to the group where the membership can be changed.
  await page.getByTestId('membership-filter-all').click()
  await row(inherited.username).getByTestId('member-source-link').click()
  await expect(page).toHaveURL(new RegExp(`/groups/${parentPath}$`))
})
