// An administrator opens Admin → Usage data, recomputes the service ping payload and finds the
// users count by its key path. The weekly computation first runs a minute after start
// (USAGE_DATA_FIRST_DELAY_MS), so the page may open on either "Not computed yet" or an older
// payload: nothing is asserted about the state before the click.
import { expect, test, logIn } from './helpers'

test('an administrator recomputes the usage data and searches it by key path', async ({ page }) => {
  await logIn(page)
  await page.getByTestId('nav-admin-usage-data').click()
  await expect(page).toHaveURL(/\/admin\/usage_data$/)
  await expect(page).toHaveTitle(/Usage data/)

  const recompute = page.getByTestId('usage-data-recompute')
  await recompute.click()
  // The button queues the task, then polls the payload each second: the queue worker polls every
  // second too, so this takes a few seconds; the generous deadline covers a busy queue.
  await expect(page.getByRole('status').filter({ hasText: 'Usage data recomputed' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('usage-data-error')).toHaveCount(0)
  await expect(recompute).toBeEnabled()
  await expect(recompute).toHaveText('Recompute')

  // After the refresh the page shows when the payload was computed, and the same instant as its recorded_at row.
  await expect(page.getByTestId('usage-data-not-computed')).toHaveCount(0)
  await expect(page.getByTestId('usage-data-computed')).toContainText('Computed')
  const recordedAt = await page
    .locator('[data-testid="usage-data-row"][data-key-path="recorded_at"]')
    .getByTestId('usage-data-value')
    .textContent()
  expect(Number.isNaN(Date.parse(recordedAt ?? ''))).toBe(false)
  await expect(page.getByTestId('usage-data-recorded-at')).toHaveAttribute('datetime', recordedAt ?? '')

  await page.getByTestId('usage-data-search').fill('counts.')
  const rows = page.getByTestId('usage-data-row')
  // Only key paths containing the query stay.
  await expect(
    rows.filter({ hasNot: page.locator('[data-testid="usage-data-key"]', { hasText: 'counts.' }) }),
  ).toHaveCount(0)
  const users = page.locator('[data-testid="usage-data-row"][data-key-path="counts.users"]')
  await expect(users.getByTestId('usage-data-key')).toHaveText('counts.users')
  // Root at least.
  await expect(users.getByTestId('usage-data-value')).toHaveText(/^[1-9]\d*$/)
  await expect(page.locator('[data-testid="usage-data-row"][data-key-path="version"]')).toHaveCount(0)

  await page.getByTestId('usage-data-search').fill('counts.no_such_metric')
  await expect(page.getByTestId('usage-data-no-match')).toBeVisible()
})
