'use client'
// Tabs under a group or project header. Later features (Members, Settings, CI/CD) add an entry and
// a section page; see app/(console)/projects/[...path]/sections.ts.
import Link from 'next/link'
import { usePathname } from 'next/navigation'

export interface SubNavItem {
  href: string
  label: string
}

export function SubNav({ items }: { items: SubNavItem[] }) {
  const pathname = usePathname()
  const decoded = safeDecode(pathname)
  return (
    <nav className="subnav" aria-label="Sections">
      {items.map((item) => {
        const active = safeDecode(item.href) === decoded
        return (
          <Link key={item.href} href={item.href} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
            {item.label}
          </Link>
        )
      })}
    </nav>
  )
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
