'use client'
// Close or reopen an issue (PUT state_event), then show the page again.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { endpoints } from '@/lib/console/endpoint-refs'
import { useApi } from '../console-providers'

export function IssueStateButton({ projectId, iid, state }: { projectId: number; iid: number; state: 'opened' | 'closed' }) {
  const api = useApi()
  const router = useRouter()
  const event = state === 'opened' ? 'close' : 'reopen'
  const change = useMutation({
    mutationFn: () => api(endpoints.issue.update, { id: projectId, issue_iid: iid, state_event: event }),
    onSuccess: () => router.refresh(),
  })
  return (
    <span>
      <button
        type="button"
        className={event === 'close' ? 'btn btn-danger-outline' : 'btn'}
        disabled={change.isPending}
        onClick={() => change.mutate()}
        data-testid={event === 'close' ? 'issue-close' : 'issue-reopen'}
      >
        {event === 'close' ? 'Close issue' : 'Reopen issue'}
      </button>
      {change.error && (
        <span className="field-error" role="alert">
          {change.error.message}
        </span>
      )}
    </span>
  )
}
