// next-auth's two browser calls (credentials sign-in, sign-out) without next-auth/react: its client
// (session provider, broadcast channel, @babel/runtime) cost every console page ≈ 10 kB gzipped
// and the console uses none of it but these two form posts.
const AUTH = '/api/auth'

async function csrfToken(): Promise<string> {
  const res = await fetch(`${AUTH}/csrf`)
  const body = (await res.json()) as { csrfToken?: string }
  return body.csrfToken ?? ''
}

async function post(path: string, fields: Record<string, string>): Promise<{ ok: boolean; url: string | null }> {
  const res = await fetch(`${AUTH}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...fields,
      csrfToken: await csrfToken(),
      callbackUrl: window.location.href,
      json: 'true',
    }),
  })
  const body = (await res.json().catch(() => ({}))) as { url?: string }
  return { ok: res.ok, url: body.url ?? null }
}

/**
 * Signs in with the credentials provider; ok is false when next-auth answers with an error, whose
 * code (`CredentialsSignin`, `AccountLocked`, `TooManyAttempts`, …) comes with it.
 */
export async function signInWithCredentials(
  login: string,
  password: string,
): Promise<{ ok: boolean; error: string | null }> {
  const res = await post('callback/credentials', { login, password })
  // next-auth reports a refused sign-in as a URL carrying ?error= (status 200 or 401).
  const error = res.url ? new URL(res.url, window.location.href).searchParams.get('error') : null
  return { ok: res.ok && !error, error: res.ok && !error ? null : (error ?? 'CredentialsSignin') }
}

/** Ends the session (the cookie is cleared by the response). */
export async function signOut(): Promise<void> {
  await post('signout', {})
}
