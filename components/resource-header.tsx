import type { ReactNode } from 'react'
import { Breadcrumbs, type Crumb } from './ui/breadcrumbs'
import { consolePath } from '@/lib/util/console-path'
import { VisibilityBadge } from './visibility-badge'

/**
 * Groups › a › b › Project › Section › Item: each namespace segment links to its group page; the
 * section links to its index when an item of it follows (`items`, see lib/console/item-crumbs.ts).
 */
export function resourceCrumbs(
  kind: 'group' | 'project',
  fullPath: string,
  section: string | null,
  items: readonly Crumb[] = [],
  sectionHref?: string,
  /** The group's or project's own name for its crumb (its path segment otherwise). */
  name?: string,
): Crumb[] {
  const segments = fullPath.split('/')
  const crumbs: Crumb[] = [
    kind === 'group' ? { label: 'Groups', href: '/groups' } : { label: 'Projects', href: '/projects' },
  ]
  segments.forEach((seg, i) => {
    const path = segments.slice(0, i + 1).join('/')
    const own = i === segments.length - 1
    crumbs.push({
      label: own && name ? name : seg,
      href: consolePath(own && kind === 'project' ? 'projects' : 'groups', path),
    })
  })
  if (section) crumbs.push({ label: section, href: items.length ? sectionHref : undefined })
  return [...crumbs, ...items]
}

/** Title block of a group or project page, with its breadcrumbs. */
export function ResourceHeader({
  kind,
  title,
  path,
  visibility,
  description,
  name,
  section = null,
  sectionHref,
  items,
  actions,
}: {
  kind: 'group' | 'project'
  title: string
  /** Its own name (the last crumb); `title` may carry its namespace's too. */
  name?: string
  path: string
  visibility: string
  description?: string | null
  /** The open section's label; null on the overview. */
  section?: string | null
  /** The section's index URL, linked when `items` follow it. */
  sectionHref?: string
  /** The item shown below the section, and "Edit" on its edit page. */
  items?: readonly Crumb[]
  actions?: ReactNode
}) {
  return (
    <header className="resource-header" data-testid={`${kind}-header`}>
      <Breadcrumbs items={resourceCrumbs(kind, path, section, items, sectionHref, name)} />
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
