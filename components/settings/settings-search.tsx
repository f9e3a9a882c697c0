'use client'
// Finds any setting by key or label across every section; a result opens the setting's section
// with ?highlight=<key>, which scrolls to the field and marks it.
import Link from 'next/link'
import { useEffect, useMemo, useRef, useState } from 'react'
import { SECTIONS, SETTINGS } from '@/lib/settings/definitions'
import { Input } from '../ui/input'

const MAX_RESULTS = 20
const titleOf = new Map(SECTIONS.map((s) => [s.id, s.title]))

export function SettingsSearch() {
  const [query, setQuery] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // Text typed before hydration is in the box but not in state: adopt it once hydrated.
  useEffect(() => {
    if (input.current?.value) setQuery(input.current.value)
  }, [])
  const q = query.trim().toLowerCase()
  const results = useMemo(() => {
    if (q.length < 2) return []
    // Both "max login" and "max_login" find max_login_attempts.
    const spaced = q.replace(/_/g, ' ')
    return SETTINGS.filter(
      (d) => d.key.includes(q) || d.key.replace(/_/g, ' ').includes(spaced) || d.label.toLowerCase().includes(spaced),
    )
  }, [q])

  return (
    <div className="settings-search">
      <Input
        ref={input}
        type="search"
        placeholder="Search settings by name or key"
        aria-label="Search settings"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="settings-search-input"
      />
      {q.length >= 2 && (
        <ul className="settings-search-results" data-testid="settings-search-results">
          {results.slice(0, MAX_RESULTS).map((d) => (
            <li key={d.key}>
              <Link
                href={`/admin/settings/${d.section}?highlight=${encodeURIComponent(d.key)}`}
                data-testid="settings-search-result"
                data-key={d.key}
                onClick={() => setQuery('')}
              >
                <span className="strong">{d.label}</span> <code>{d.key}</code>{' '}
                <span className="muted small">in {titleOf.get(d.section)}</span>
              </Link>
            </li>
          ))}
          {results.length === 0 && <li className="muted">No setting matches “{query.trim()}”.</li>}
          {results.length > MAX_RESULTS && (
            <li className="muted small">{results.length - MAX_RESULTS} more — refine the search.</li>
          )}
        </ul>
      )}
    </div>
  )
}
