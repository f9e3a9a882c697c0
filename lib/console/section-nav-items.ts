// A group's or project's section table → the section row (components/ui/section-nav.tsx): sections
// the viewer may open, those with a `menu` gathered under it where its first one would stand.
import type { SectionNavItem, TabMenu } from './navigation-types'

export interface NavSection {
  label: string
  menu?: { name: string; label: string }
}

/** `visible`: the viewer may open it (the table's ability); `href`: its URL from its key. */
export function sectionNavItems<S extends NavSection>(
  sections: Record<string, S>,
  visible: (s: S) => boolean,
  href: (key: string) => string,
): SectionNavItem[] {
  const out: SectionNavItem[] = []
  const menus = new Map<string, TabMenu>()
  for (const [key, s] of Object.entries(sections)) {
    if (!visible(s)) continue
    if (!s.menu) {
      out.push({ href: href(key), label: s.label })
      continue
    }
    let menu = menus.get(s.menu.name)
    if (!menu) {
      menu = { label: s.menu.name, items: [], testId: `section-menu-${s.menu.name.toLowerCase()}` }
      menus.set(s.menu.name, menu)
      out.push(menu)
    }
    menu.items.push({ href: href(key), label: s.menu.label })
  }
  return out
}
