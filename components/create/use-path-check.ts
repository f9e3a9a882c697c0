'use client'
// "Is this path free?" as the user types: the format first (no request for a path the API would
// refuse anyway), then the check after a pause in typing, as GitLab's new-group form does with
// GET /namespaces/:id/exists.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { pathFormatError } from '@/lib/console/new-resource'

export interface PathAnswer {
  exists: boolean
  /** A free path like it (GitLab's `suggests`), when the check gives one. */
  suggests: string[]
}

export type PathState =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken'; suggestion: string | null }
  /** The check failed (network, server): the API will still decide on submit. */
  | { state: 'unknown' }

const DEBOUNCE_MS = 300

export function usePathCheck(
  path: string,
  topLevel: boolean,
  scope: string,
  check: (path: string) => Promise<PathAnswer>,
): PathState {
  const [settled, setSettled] = useState(path)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(path), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [path])
  const formatError = path ? pathFormatError(path, topLevel) : null
  const ready = !!settled && settled === path && !formatError
  const answer = useQuery({
    queryKey: ['path-check', scope, settled],
    queryFn: () => check(settled),
    enabled: ready,
    staleTime: 5_000,
  })
  if (!path) return { state: 'empty' }
  if (formatError) return { state: 'invalid', message: `Path ${formatError}` }
  if (!ready || answer.isPending) return { state: 'checking' }
  if (answer.isError) return { state: 'unknown' }
  return answer.data.exists ? { state: 'taken', suggestion: answer.data.suggests[0] ?? null } : { state: 'available' }
}
