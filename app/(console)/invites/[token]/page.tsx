import Link from 'next/link'
import { buttonClass, PageHeader } from '@/components/ui'
import { api } from '@/lib/console/api'
import { currentActor } from '@/lib/console/session'
import { AcceptInvitationButton } from './accept-button'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Invitation' }

const CRUMBS = [{ label: 'Home', href: '/projects' }, { label: 'Invitation' }]

// The page behind an invitation e-mail's link (/-/invites/<token> redirects here). Anyone holding
// the link may see what it is for; accepting needs a signed-in user, who becomes the member.
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params
  const res = await api(endpoints.invitation.show, { token })
  const actor = await currentActor()
  const body = !res.ok ? (
    <>
      <PageHeader crumbs={CRUMBS} title="Invitation not found" />
      <p className="muted" data-testid="invitation-not-found">
        This invitation was already accepted (signing in with the invited e-mail address accepts it) or revoked, or the
        link is incomplete.
      </p>
    </>
  ) : (
    <>
      <PageHeader crumbs={CRUMBS} title={`Join the ${res.body.source_name} ${res.body.source_type}`} />
      <p data-testid="invitation-summary">
        You are invited to the <strong>{res.body.source_name}</strong> {res.body.source_type} as{' '}
        <strong>{res.body.access_level_name}</strong>
        {res.body.expires_at ? ` until ${res.body.expires_at}` : ''}.
      </p>
      {actor ? (
        <>
          <p className="muted">You will join as {actor.user.username}.</p>
          <AcceptInvitationButton token={token} />
        </>
      ) : (
        <p>
          <Link
            className={buttonClass('primary')}
            href={`/login?callbackUrl=${encodeURIComponent(`/invites/${token}`)}`}
            data-testid="invitation-sign-in"
          >
            Sign in to accept
          </Link>
        </p>
      )}
    </>
  )
  // Anonymous visitors get no console shell (the layout renders bare children): keep the card.
  return actor ? (
    <section className="card">{body}</section>
  ) : (
    <main className="login-page">
      <div className="login-card card">{body}</div>
    </main>
  )
}
