// The schedule editor: the owner opens Edit on an existing schedule, changes a variable, removes
// another, adds a file variable and a typed input, and the API reads back exactly that.
import { expect, test, logIn, ROOT_TOKEN } from './helpers'

const root = { 'PRIVATE-TOKEN': ROOT_TOKEN }
const PASSWORD = 'schedule-editor-e2e-password-1'

test("the owner edits a schedule's variables and inputs in the console", async ({ page, request }) => {
  const stamp = Date.now()
  const project = await request.post('/api/v4/projects', {
    headers: root,
    data: { name: `sched-edit-${stamp}`, initialize_with_readme: true },
  })
  const { id, path_with_namespace } = (await project.json()) as { id: number; path_with_namespace: string }
  const username = `schededit${stamp}`
  const user = await request.post('/api/v4/users', {
    headers: root,
    data: { username, email: `${username}@example.com`, name: username, password: PASSWORD, skip_confirmation: true },
  })
  const { id: userId } = (await user.json()) as { id: number }
  expect(
    (
      await request.post(`/api/v4/projects/${id}/members`, {
        headers: root,
        data: { user_id: userId, access_level: 40 },
      })
    ).status(),
  ).toBe(201)
  const tokenRes = await request.post(`/api/v4/users/${userId}/personal_access_tokens`, {
    headers: root,
    data: { name: 'e2e', scopes: ['api'] },
  })
  const auth = { 'PRIVATE-TOKEN': ((await tokenRes.json()) as { token: string }).token }
  const created = await request.post(`/api/v4/projects/${id}/pipeline_schedules`, {
    headers: auth,
    data: { description: 'Editable', ref: 'main', cron: '0 1 * * *', inputs: [{ name: 'region', value: 'eu' }] },
  })
  const schedule = (await created.json()) as { id: number }
  const vars = `/api/v4/projects/${id}/pipeline_schedules/${schedule.id}/variables`
  expect((await request.post(vars, { headers: auth, data: { key: 'KEEP', value: 'old' } })).status()).toBe(201)
  expect((await request.post(vars, { headers: auth, data: { key: 'DROP', value: 'x' } })).status()).toBe(201)

  await logIn(page, username, PASSWORD, `/projects/${path_with_namespace}/-/pipeline_schedules`)
  const row = page.getByTestId('schedule-row').filter({ hasText: 'Editable' })
  await row.getByTestId('schedule-edit-button').click()
  const form = page.getByTestId('schedule-edit-form')
  await expect(form.getByTestId('schedule-variable-key')).toHaveCount(2)
  await expect(form.getByTestId('schedule-input-name')).toHaveValue('region')

  // Rows follow the API's order (oldest first).
  await expect(form.getByTestId('schedule-variable-key').nth(0)).toHaveValue('KEEP')
  await expect(form.getByTestId('schedule-variable-key').nth(1)).toHaveValue('DROP')
  await form.getByTestId('schedule-variable-value').nth(0).fill('new')
  await form.getByTestId('schedule-variable-remove').nth(1).click()
  await expect(form.getByTestId('schedule-variable-row')).toHaveCount(1)
  await form.getByTestId('schedule-variable-add').click()
  const added = form.getByTestId('schedule-variable-row').last()
  await added.getByTestId('schedule-variable-type').selectOption('file')
  await added.getByTestId('schedule-variable-key').fill('CONFIG')
  await added.getByTestId('schedule-variable-value').fill('a: 1')
  await form.getByTestId('schedule-input-add').click()
  await form.getByTestId('schedule-input-name').last().fill('dry_run')
  await form.getByTestId('schedule-input-value').last().fill('true')
  await form.getByTestId('schedule-description-input').fill('Edited')
  await form.getByTestId('schedule-submit').click()
  await expect(page.getByTestId('schedule-edit-form')).toHaveCount(0)
  await expect(page.getByTestId('schedule-row').filter({ hasText: 'Edited' })).toHaveCount(1)

  const after = (await (
    await request.get(`/api/v4/projects/${id}/pipeline_schedules/${schedule.id}`, { headers: auth })
  ).json()) as {
    description: string
    variables: { key: string; value: string; variable_type: string }[]
    inputs: { name: string; value: unknown }[]
  }
  expect(after.description).toBe('Edited')
  expect(
    after.variables
      .map(({ key, value, variable_type }) => ({ key, value, variable_type }))
      .sort((a, b) => a.key.localeCompare(b.key)),
  ).toEqual([
    { key: 'CONFIG', value: 'a: 1', variable_type: 'file' },
    { key: 'KEEP', value: 'new', variable_type: 'env_var' },
  ])
  expect(after.inputs).toEqual([
    { name: 'region', value: 'eu' },
    { name: 'dry_run', value: true },
  ])
})
