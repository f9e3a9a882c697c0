import type { ReactNode } from 'react'
import { Breadcrumbs, type Crumb } from './breadcrumbs'

/**
 * The top of a console page: breadcrumbs, the heading and the page's main actions. `crumbs` ends
 * with the page itself (its label is usually the title).
 */
export function PageHeader({
  crumbs,
  title,
  actions,
  children,
}: {
  crumbs: readonly Crumb[]
  title: ReactNode
  actions?: ReactNode
  children?: ReactNode
}) {
  return (
    <header className="page-header">
      <Breadcrumbs items={crumbs} />
      <div className="page-header-row">
        <h1>{title}</h1>
        {actions && <div className="page-header-actions">{actions}</div>}
      </div>
      {children}
    </header>
  )
}
