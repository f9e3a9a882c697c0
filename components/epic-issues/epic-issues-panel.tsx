'use client'
// An epic's issues in position order: drag a row (or use its move buttons) to reorder — the list
// changes at once and the PUT names the new neighbour (move_before_id: the link that ends up just
// before it; move_after_id when it becomes first); a refused move puts the list back and says why.
// Issues are added by searching the group's readable issues or by `group/project#iid`, and removed.
import { useMutation } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import type { ItemOf } from '@/lib/console/endpoint-call'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { consolePath } from '@/lib/console/paths'
import { useApi } from '../console-providers'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { useToast } from '../ui/toast'
import './epic-issues.css'
import { EpicIssueSearch } from './epic-issue-search'

export type EpicIssueItem = ItemOf<typeof endpoints.epicIssue.list>

/** `group/project#12` → the project's console path. */
const projectPathOf = (issue: EpicIssueItem) => issue.references.full.slice(0, issue.references.full.lastIndexOf('#'))

/** The neighbour a moved link names in the PUT, from the list as it is after the move. */
export function moveParamsFor(
  order: readonly EpicIssueItem[],
  index: number,
): { move_before_id?: number; move_after_id?: number } {
  const before = order[index - 1]
  if (before) return { move_before_id: before.epic_issue_id }
  const after = order[index + 1]
  return after ? { move_after_id: after.epic_issue_id } : {}
}

export function EpicIssuesPanel({
  groupId,
  epicIid,
  initial,
  canEdit,
}: {
  groupId: number
  epicIid: number
  initial: EpicIssueItem[]
  canEdit: boolean
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [items, setItems] = useState(initial)
  const [dragging, setDragging] = useState<number | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  useEffect(() => setItems(initial), [initial])
  const params = { id: groupId, epic_iid: epicIid }

  const move = useMutation({
    mutationFn: async ({ next, index }: { next: EpicIssueItem[]; previous: EpicIssueItem[]; index: number }) => {
      const moved = next[index]
      if (!moved) return
      await api.quiet(endpoints.epicIssue.move, {
        ...params,
        epic_issue_id: moved.epic_issue_id,
        ...moveParamsFor(next, index),
      })
    },
    onMutate: ({ next }) => {
      setStatus(null)
      setItems(next)
    },
    onError: (e, { previous }) => {
      setItems(previous)
      setStatus(`Could not move the issue: ${e.message}`)
    },
    onSuccess: () => {
      setStatus('Order saved.')
      toast.success('Order saved.')
      // The server's order from now on (a refresh started before the move would bring the old one).
      router.refresh()
    },
  })
  const remove = useMutation({
    mutationFn: (item: EpicIssueItem) =>
      api.quiet(endpoints.epicIssue.remove, { ...params, epic_issue_id: item.epic_issue_id }),
    onSuccess: (_r, item) => {
      setItems((list) => list.filter((i) => i.epic_issue_id !== item.epic_issue_id))
      setStatus(`Removed ${item.references.full} from the epic.`)
      toast.success(`Removed ${item.references.full} from the epic.`)
      router.refresh()
    },
    onError: (e) => setStatus(`Could not remove the issue: ${e.message}`),
  })

  const moveTo = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return
    const next = [...items]
    const [moved] = next.splice(from, 1)
    if (!moved) return
    next.splice(to, 0, moved)
    move.mutate({ next, previous: items, index: to })
  }

  return (
    <section className="card epic-issues" data-testid="epic-issues">
      <h3>Issues</h3>
      {canEdit && (
        <EpicIssueSearch
          groupId={groupId}
          epicIid={epicIid}
          onAdded={(ref) => setStatus(`Added ${ref} to the epic.`)}
        />
      )}
      {status && (
        <p className="muted" role="status" data-testid="epic-issues-status">
          {status}
        </p>
      )}
      {items.length === 0 ? (
        <p className="muted" data-testid="epic-issues-empty">
          No issues in this epic yet.
        </p>
      ) : (
        <ol className="epic-issue-list" data-testid="epic-issues-list">
          {items.map((issue, index) => (
            <li
              key={issue.epic_issue_id}
              className={dragging === issue.epic_issue_id ? 'epic-issue dragging' : 'epic-issue'}
              data-testid={`epic-issue-${issue.id}`}
              data-link-id={issue.epic_issue_id}
              draggable={canEdit}
              onDragStart={(e) => {
                setDragging(issue.epic_issue_id)
                e.dataTransfer.effectAllowed = 'move'
                e.dataTransfer.setData('text/plain', String(issue.epic_issue_id))
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => {
                if (canEdit) e.preventDefault()
              }}
              onDrop={(e) => {
                e.preventDefault()
                // The dragged row from state: a drag that starts on the row's link carries the link's URL.
                const linkId = dragging ?? Number(e.dataTransfer.getData('text/plain'))
                setDragging(null)
                moveTo(
                  items.findIndex((i) => i.epic_issue_id === linkId),
                  index,
                )
              }}
            >
              {canEdit && (
                <span className="drag-handle" aria-hidden="true" title="Drag to reorder" data-testid="epic-issue-drag">
                  ⋮⋮
                </span>
              )}
              <Badge tone={issue.state === 'closed' ? 'muted' : 'ok'} testId="epic-issue-state">
                {issue.state === 'closed' ? 'Closed' : 'Open'}
              </Badge>
              <Link
                href={consolePath('projects', projectPathOf(issue), `issues/${issue.iid}`)}
                data-testid="epic-issue-title"
              >
                {issue.title}
              </Link>
              {issue.confidential && (
                <Badge tone="warn" title="Confidential">
                  Confidential
                </Badge>
              )}
              <span className="muted small">{issue.references.full}</span>
              {issue.assignees.length > 0 && (
                <span className="muted small">{issue.assignees.map((a) => `@${a.username}`).join(', ')}</span>
              )}
              {canEdit && (
                <span className="epic-issue-actions">
                  <Button
                    size="small"
                    aria-label={`Move ${issue.references.full} up`}
                    disabled={index === 0 || move.isPending}
                    onClick={() => moveTo(index, index - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Move ${issue.references.full} down`}
                    disabled={index === items.length - 1 || move.isPending}
                    onClick={() => moveTo(index, index + 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    size="small"
                    variant="danger-outline"
                    disabled={remove.isPending}
                    pending={remove.isPending && remove.variables.epic_issue_id === issue.epic_issue_id}
                    pendingLabel="Removing…"
                    onClick={() => remove.mutate(issue)}
                    data-testid={`epic-issue-remove-${issue.id}`}
                  >
                    Remove
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
