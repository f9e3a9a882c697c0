// The terms of service a user must accept (enforce_terms) before using the console; requireUser
// sends them here from any page and accepting returns them there.
import { redirect } from 'next/navigation'
import { ActionSubmitButton } from '@/components/layout/action-submit-button'
import { LogoutButton } from '@/components/layout/logout-button'
import { one, pathWithQuery, safeCallback, type SearchParams } from '@/lib/console/paths'
import { currentActor } from '@/lib/console/session'
import { shellState } from '@/lib/console/shell'
import { termsToAccept } from '@/lib/settings/terms'
import { acceptTermsAction } from './actions'

export const metadata = { title: 'Terms of service' }

export default async function TermsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  const back = safeCallback(one(sp.redirect))
  const actor = await currentActor()
  if (!actor) redirect(`/login?callbackUrl=${encodeURIComponent(pathWithQuery('/terms', sp))}`)
  const pending = await termsToAccept(actor.user.id)
  if (!pending) redirect(back)
  const { afterSignOutPath } = await shellState(actor)
  return (
    <main className="login-page">
      <div className="card terms-card">
        <h1>Terms of service</h1>
        <p className="muted">Please accept the terms of service of this instance to continue.</p>
        <div className="terms-text" data-testid="terms-text">
          {pending.terms}
        </div>
        <form action={acceptTermsAction} className="form-actions">
          <input type="hidden" name="redirect" value={back} />
          <input type="hidden" name="hash" value={pending.hash} />
          <ActionSubmitButton variant="primary" pendingLabel="Accepting…" data-testid="accept-terms-button">
            Accept terms
          </ActionSubmitButton>
          <LogoutButton afterSignOutPath={afterSignOutPath} label="Decline and sign out" />
        </form>
      </div>
    </main>
  )
}
