'use client'
import Link from 'next/link'
import { usePathname } from 'next/navigation'

/** A sidebar link, marked current for its own URL and everything below it. */
export function NavLink({ href, label, testId }: { href: string; label: string; testId?: string }) {
  const pathname = usePathname()
  const active = pathname === href || pathname.startsWith(`${href}/`)
  return (
    <Link href={href} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined} data-testid={testId}>
      {label}
    </Link>
  )
}
