// The shapes of the console's navigation (breadcrumbs, tabs, section menus): built by lib/console
// (item crumbs, section lists) and drawn by the kit in components/ui, which imports them from here
// (lib never imports components).

export interface Crumb {
  label: string
  /** The last crumb (the page itself) has none. */
  href?: string
}

export interface TabItem {
  href: string
  label: string
  testId?: string
  /** Marks the tab current when its own URL is not an exact match (query-string tabs). */
  active?: boolean
}

export interface TabMenu {
  label: string
  items: TabItem[]
  testId?: string
}

export type SectionNavItem = TabItem | TabMenu
