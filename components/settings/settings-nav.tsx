import Link from 'next/link'
import { SECTIONS } from '@/lib/settings/definitions'

/** The settings sub-navigation: one page per section, then the change history. */
export function SettingsNav({ current }: { current: string }) {
  const items = [
    ...SECTIONS.map((s) => ({ id: s.id, title: s.title, href: `/admin/settings/${s.id}` })),
    { id: 'history', title: 'Change history', href: '/admin/settings/history' },
  ]
  return (
    <nav className="settings-nav" aria-label="Settings sections" data-testid="settings-nav">
      {items.map((s) => (
        <Link
          key={s.id}
          href={s.href}
          className={current === s.id ? 'active' : undefined}
          aria-current={current === s.id ? 'page' : undefined}
          data-testid={`settings-section-${s.id}`}
        >
          {s.title}
        </Link>
      ))}
    </nav>
  )
}
