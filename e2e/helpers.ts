import { expect, type Page } from '@playwright/test'

// Seeded by playwright.config.ts's webServer environment.
export const ROOT_PASSWORD = 'e2e-root-password-1'
export const ROOT_TOKEN = 'glpat-e2e-root-token-000000001'

export async function logIn(page: Page, login = 'root', password = ROOT_PASSWORD, target = '/projects') {
  await page.goto(target)
  await expect(page).toHaveURL(/\/login/)
  await page.getByTestId('login-input').fill(login)
  await page.getByTestId('password-input').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('current-user')).toBeVisible()
}
