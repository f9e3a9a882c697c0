'use client'
// Close or reopen an issue (PUT state_event), then show the page again.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useApi } from '../console-providers'
import { Button } from '../ui/button'
import { useToast } from '../ui/toast'

export function IssueStateButton({
  projectId,
  iid,
  state,
}: {
  projectId: number
  iid: number
  state: 'opened' | 'closed'
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const event = state === 'opened' ? 'close' : 'reopen'
  const change = useMutation({
    mutationFn: () => api.quiet(endpoints.issue.update, { id: projectId, issue_iid: iid, state_event: event }),
    onSuccess: () => {
      toast.success(event === 'close' ? 'Issue closed.' : 'Issue reopened.')
      router.refresh()
    },
  })
  return (
    <span className="actions">
      <Button
        variant={event === 'close' ? 'danger-outline' : 'default'}
        pending={change.isPending}
        pendingLabel={event === 'close' ? 'Closing…' : 'Reopening…'}
        onClick={() => change.mutate()}
        data-testid={event === 'close' ? 'issue-close' : 'issue-reopen'}
      >
        {event === 'close' ? 'Close issue' : 'Reopen issue'}
      </Button>
      {change.error && (
        <span className="field-error" role="alert">
          {change.error.message}
        </span>
      )}
    </span>
  )
}
