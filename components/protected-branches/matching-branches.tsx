'use client'
import { wildcardMatch } from '@/lib/util/wildcard'

/**
 * The existing branches a name or wildcard would protect, computed in the browser with the same
 * matcher the API enforces with, so what is listed here is what the rule will cover.
 */
export function MatchingBranches({
  pattern,
  branches,
  truncated,
}: {
  pattern: string
  branches: readonly string[]
  truncated: boolean
}) {
  const p = pattern.trim()
  if (!p) return null
  const matches = branches.filter((b) => wildcardMatch(p, b))
  return (
    <div data-testid="matching-branches">
      {matches.length ? (
        <>
          {matches.length === 1 ? '1 matching branch' : `${matches.length} matching branches`}
          {truncated ? ' (among the first 100 branches)' : ''}:
          <ul className="compact-list">
            {matches.map((b) => (
              <li key={b}>
                <code data-testid="matching-branch">{b}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        // GitLab lets a rule protect a branch before it exists.
        'No existing branch matches; the rule applies to branches created later.'
      )}
    </div>
  )
}
