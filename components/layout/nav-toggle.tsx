'use client'
// The Menu button of narrow screens: opens the side nav over the page; a navigation closes it.
import { usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'

export function NavToggle() {
  const [open, setOpen] = useState(false)
  const pathname = usePathname()
  useEffect(() => setOpen(false), [pathname])
  useEffect(() => {
    document.documentElement.toggleAttribute('data-nav-open', open)
  }, [open])
  return (
    <button
      type="button"
      className="btn btn-small nav-toggle"
      aria-expanded={open}
      aria-controls="sidenav"
      onClick={() => setOpen((o) => !o)}
      data-ui="button"
      data-testid="nav-toggle"
    >
      Menu
    </button>
  )
}
