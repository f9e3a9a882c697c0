import type { ReactNode } from 'react'
import { Breadcrumbs, type Crumb } from './ui/breadcrumbs'
import { consolePath } from '@/lib/util/console-path'
import { VisibilityBadge } from './visibility-badge'

/** Groups › a › b › Project › Section: each namespace segment links to its group page. */
export function resourceCrumbs(kind: 'group' | 'project', fullPath: string, section: string | null): Crumb[] {
  const segments = fullPath.split('/')
  const crumbs: Crumb[] = [kind === 'group' ? { label: 'Groups', href: '/groups' } : { label: 'Projects', href: '/projects' }]
  segments.forEach((seg, i) => {
    const path = segments.slice(0, i + 1).join('/')
    const own = i === segments.length - 1
    crumbs.push({ label: seg, href: consolePath(own && kind === 'project' ? 'projects' : 'groups', path) })
  })
  if (section) crumbs.push({ label: section })
  return crumbs
}

/** Title block of a group or project page, with its breadcrumbs. */
export function ResourceHeader({
  kind,
  title,
  path,
  visibility,
  description,
  section = null,
  actions,
}: {
  kind: 'group' | 'project'
  title: string
  path: string
  visibility: string
  description?: string | null
  /** The open section's label; null on the overview. */
  section?: string | null
  actions?: ReactNode
}) {
  return (
    <header className="resource-header" data-testid={`${kind}-header`}>
      <Breadcrumbs items={resourceCrumbs(kind, path, section)} />
      <div className="page-header-row">
        <h1>
          {title} <VisibilityBadge visibility={visibility} />
        </h1>
        {actions && <div className="page-header-actions">{actions}</div>}
      </div>
      <div className="muted">
        <code>{path}</code>
      </div>
      {description ? <p>{description}</p> : null}
    </header>
  )
}
