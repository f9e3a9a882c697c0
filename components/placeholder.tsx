import type { ReactNode } from 'react'

/** Stand-in for a page whose feature has not landed yet; the route and nav entry already exist. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section data-testid="placeholder-page">
      <h1>{title}</h1>
      <div className="empty-state">{children ?? 'This feature arrives with its issue.'}</div>
    </section>
  )
}
