'use client'
// Adding an issue to an epic: type words to search the open issues of the group's projects the
// viewer may read (GET /groups/:id/issues), or a reference `group/project#iid` to pick one exactly.
import { useMutation, useQuery } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { ItemOf } from '@/lib/console/endpoint-call'
import { useApi } from '../console-providers'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { useToast } from '../ui/toast'

type IssueItem = ItemOf<typeof endpoints.issue.groupList>
const REFERENCE = /^(.+\/.+)#(\d+)$/

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return settled
}

export function EpicIssueSearch({
  groupId,
  epicIid,
  onAdded,
}: {
  groupId: number
  epicIid: number
  onAdded: (reference: string) => void
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [text, setText] = useState('')
  const query = useDebounced(text.trim(), 250)
  const results = useQuery({
    queryKey: ['epic-issue-search', groupId, query],
    enabled: query.length > 0,
    queryFn: async (): Promise<IssueItem[]> => {
      const ref = REFERENCE.exec(query)
      if (ref) return [await api(endpoints.issue.show, { id: ref[1] ?? '', issue_iid: Number(ref[2]) })]
      return api(endpoints.issue.groupList, { id: groupId, search: query, state: 'opened', per_page: 10 })
    },
  })
  const add = useMutation({
    mutationFn: (issue: IssueItem) =>
      api.quiet(endpoints.epicIssue.assign, { id: groupId, epic_iid: epicIid, issue_id: issue.id }),
    onSuccess: (_r, issue) => {
      toast.success(`Added ${issue.references.full} to the epic.`)
      setText('')
      onAdded(issue.references.full)
      router.refresh()
    },
  })

  return (
    <div className="field" data-testid="epic-issue-add">
      <label htmlFor="epic-issue-search-input">Add an issue</label>
      <Input
        id="epic-issue-search-input"
        type="search"
        placeholder="Search issues, or group/project#123"
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="epic-issue-search"
        autoComplete="off"
      />
      {results.error && (
        <p className="field-error" role="alert" data-testid="epic-issue-search-error">
          {results.error.message}
        </p>
      )}
      {add.error && (
        <p className="field-error" role="alert" data-testid="epic-issue-add-error">
          {add.error.message}
        </p>
      )}
      {query.length > 0 && results.data && (
        <ul className="epic-issue-search-results" data-testid="epic-issue-search-results">
          {results.data.length === 0 && <li className="muted">No matching issues you can read.</li>}
          {results.data.map((issue) => (
            <li key={issue.id}>
              <Button
                size="small"
                disabled={add.isPending}
                pending={add.isPending && add.variables.id === issue.id}
                pendingLabel="Adding…"
                onClick={() => add.mutate(issue)}
                data-testid={`epic-issue-add-${issue.id}`}
              >
                Add
              </Button>
              <span>{issue.title}</span>
              <span className="muted small">{issue.references.full}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
