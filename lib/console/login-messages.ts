// What the sign-in page says for each way a sign-in is refused. next-auth carries the reason to the
// browser as `?error=<code>`; only these codes are shown as such, so a crafted link cannot put text
// of its choosing on the page.
export const LOGIN_ERRORS = {
  /** Wrong password, unknown login, blocked account: which one is not the visitor's business. */
  CredentialsSignin: 'Invalid login or password.',
  /** Devise's message for a locked account (max_login_attempts failures). */
  AccountLocked: 'Your account is locked. Try again in a few minutes.',
  /** The failed-authentication ban of the client's address. */
  TooManyAttempts: 'Too many failed sign-in attempts from your address. Try again later.',
} as const

export type LoginErrorCode = keyof typeof LOGIN_ERRORS

export const loginErrorMessage = (code: string | null | undefined): string =>
  code && Object.hasOwn(LOGIN_ERRORS, code) ? LOGIN_ERRORS[code as LoginErrorCode] : 'Sign-in failed. Please try again.'
