import Link from 'next/link'
import { Breadcrumbs } from './breadcrumbs'

const TEXT = {
  404: { title: 'Page not found', body: 'It does not exist, or you do not have access to it.' },
  403: {
    title: 'Access denied',
    body: 'You are signed in, but this needs a role or permission you do not have. Ask an owner of the group or project, or an administrator.',
  },
} as const

/** The console's 404 and 403, inside the shell, with a way back. */
export function StatusPage({ code, message }: { code: 404 | 403; message?: string }) {
  const t = TEXT[code]
  return (
    <section data-testid={code === 404 ? 'not-found' : 'forbidden'}>
      <Breadcrumbs items={[{ label: 'Home', href: '/projects' }, { label: t.title }]} />
      <div className="card status-page">
        <p className="status-code" aria-hidden="true">
          {code}
        </p>
        <h1>{t.title}</h1>
        <p className="muted">{message ?? t.body}</p>
        <p>
          <Link href="/projects">Your projects</Link> · <Link href="/groups">Your groups</Link>
        </p>
      </div>
    </section>
  )
}
