'use client'
import Link from 'next/link'
import { usePathname } from 'next/navigation'

/** A sidebar link, marked current for its own URL and (unless `exact`) everything below it. */
export function NavLink({
  href,
  label,
  testId,
  exact,
}: {
  href: string
  label: string
  testId?: string
  exact?: boolean
}) {
  const pathname = usePathname()
  const active = pathname === href || (!exact && pathname.startsWith(`${href}/`))
  return (
    <Link
      href={href}
      className={active ? 'nav-link active' : 'nav-link'}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
    >
      {label}
    </Link>
  )
}
