import type { AccessEntry } from './types'

/** Who an access list lets through, one line per entry, in GitLab's own words. */
export function AccessList({ entries, testId }: { entries: readonly AccessEntry[]; testId: string }) {
  if (!entries.length) return <span className="muted">—</span>
  return (
    <span data-testid={testId}>
      {entries.map((e, i) => (
        <span key={e.id}>
          {i > 0 ? <br /> : null}
          {e.access_level_description}
        </span>
      ))}
    </span>
  )
}
