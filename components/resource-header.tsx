import type { ReactNode } from 'react'
import { VisibilityBadge } from './visibility-badge'

/** Title block of a group or project page. */
export function ResourceHeader({
  kind,
  title,
  path,
  visibility,
  description,
}: {
  kind: string
  title: string
  path: string
  visibility: string
  description?: string | null
  children?: ReactNode
}) {
  return (
    <header className="resource-header" data-testid={`${kind}-header`}>
      <div className="muted small">{kind === 'group' ? 'Group' : 'Project'}</div>
      <h1>
        {title} <VisibilityBadge visibility={visibility} />
      </h1>
      <div className="muted">
        <code>{path}</code>
      </div>
      {description ? <p>{description}</p> : null}
    </header>
  )
}
