'use client'
// A group's or project's sections: link tabs, some gathered under a menu as GitLab's sidebar gathers
// them (Build: Pipelines, Jobs, …; Settings: Repository, CI/CD, …), so a project's sections fit one
// row at 1280 px. A menu is a disclosure (WAI-ARIA's pattern for navigation): a button with
// aria-expanded over a list of links; Escape closes it and returns focus to the button, the arrow
// keys move between its links, a click elsewhere or a navigation closes it. Its links stay in the
// document while closed (hidden), so crawlers and the e2e walk find every section's URL.
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { SectionNavItem, TabItem, TabMenu } from '@/lib/console/navigation-types'
import './section-nav.css'

export type { SectionNavItem, TabMenu }

const isMenu = (i: SectionNavItem): i is TabMenu => 'items' in i

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export function SectionNav({ items, label = 'Sections' }: { items: SectionNavItem[]; label?: string }) {
  const current = safeDecode(usePathname())
  const isActive = (item: TabItem) => item.active ?? safeDecode(item.href) === current
  return (
    <nav className="subnav section-nav" aria-label={label}>
      {items.map((item) =>
        isMenu(item) ? (
          <SectionMenu key={`menu-${item.label}`} menu={item} isActive={isActive} current={current} />
        ) : (
          <Link
            key={item.href}
            href={item.href}
            className={isActive(item) ? 'active' : undefined}
            aria-current={isActive(item) ? 'page' : undefined}
            data-testid={item.testId}
          >
            {item.label}
          </Link>
        ),
      )}
    </nav>
  )
}

function SectionMenu({
  menu,
  isActive,
  current,
}: {
  menu: TabMenu
  isActive: (i: TabItem) => boolean
  current: string
}) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const active = menu.items.some(isActive)

  // A navigation (one of its links, or anywhere else) closes the menu.
  useEffect(() => setOpen(false), [current])
  // A press outside closes it; focus leaving it (Tab past the last link) too, see onBlur.
  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open])

  const links = () => [...(root.current?.querySelectorAll<HTMLAnchorElement>('.section-menu-panel a') ?? [])]
  const focusLink = (which: 'first' | 'last' | 1 | -1) => {
    const all = links()
    if (all.length === 0) return
    const at = all.indexOf(document.activeElement as HTMLAnchorElement)
    const next = which === 'first' ? 0 : which === 'last' ? all.length - 1 : (at + which + all.length) % all.length
    all[next]?.focus()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault()
      setOpen(false)
      button.current?.focus()
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const fromButton = document.activeElement === button.current
      if (!open) setOpen(true)
      // The list renders on the next frame when it was closed.
      requestAnimationFrame(() =>
        focusLink(fromButton ? (e.key === 'ArrowDown' ? 'first' : 'last') : e.key === 'ArrowDown' ? 1 : -1),
      )
    } else if ((e.key === 'Home' || e.key === 'End') && open && document.activeElement !== button.current) {
      e.preventDefault()
      focusLink(e.key === 'Home' ? 'first' : 'last')
    }
  }

  return (
    <div
      className="section-menu"
      ref={root}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        className={active ? 'section-menu-button active' : 'section-menu-button'}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-ui="button"
        data-testid={menu.testId}
      >
        {menu.label}
        {active && <span className="visually-hidden"> (current section)</span>}
        <span className="section-menu-caret" aria-hidden="true" />
      </button>
      <ul id={id} className="section-menu-panel" hidden={!open}>
        {menu.items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className={isActive(item) ? 'section-menu-link active' : 'section-menu-link'}
              aria-current={isActive(item) ? 'page' : undefined}
              data-testid={item.testId}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
