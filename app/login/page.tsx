import { redirect } from 'next/navigation'
import { LoginForm } from '@/components/login/login-form'
import { one, safeCallback, type SearchParams } from '@/lib/console/paths'
import { loginErrorMessage } from '@/lib/console/login-messages'
import { currentActor } from '@/lib/console/session'

export const metadata = { title: 'Sign in' }

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  const callbackUrl = safeCallback(one(sp.callbackUrl))
  if (await currentActor()) redirect(callbackUrl)
  return (
    <main className="login-page">
      <div className="login-card card">
        <h1>Sign in</h1>
        <p className="muted">GitLab-compatible administration console</p>
        {/* next-auth sends its own failures (pages.error) here as ?error=… */}
        <LoginForm
          callbackUrl={callbackUrl}
          initialError={one(sp.error) ? loginErrorMessage(one(sp.error)) : undefined}
        />
      </div>
    </main>
  )
}
