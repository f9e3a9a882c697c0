'use client'
// Link tabs: sections of a group or project (see app/(console)/projects/[...path]/sections.ts) and
// views of a list (?state=…). Each tab is a URL, so the server renders the chosen one.
import Link from 'next/link'
import { usePathname } from 'next/navigation'

import type { TabItem } from '@/lib/console/navigation-types'

export type { TabItem }

export function Tabs({ items, label = 'Sections' }: { items: TabItem[]; label?: string }) {
  const pathname = usePathname()
  const decoded = safeDecode(pathname)
  return (
    <nav className="subnav" aria-label={label}>
      {items.map((item) => {
        const active = item.active ?? safeDecode(item.href) === decoded
        return (
          <Link
            key={item.href}
            href={item.href}
            className={active ? 'active' : undefined}
            aria-current={active ? 'page' : undefined}
            data-testid={item.testId}
          >
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
