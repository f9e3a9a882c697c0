'use client'
// "Request access" for a signed-in visitor who is not a member (GitLab's link on group and project
// pages); a repeat request answers that one is already pending.
import { useMutation } from '@tanstack/react-query'
import { Button, useToast } from '@/components/ui'
import { ApiClientError } from '../api-client'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'

export function RequestAccessButton({ source }: { source: SourceRef }) {
  const api = useApi()
  const toast = useToast()
  const request = useMutation({
    mutationFn: () => api.quiet(endpoints.accessRequest[source.kind].create, { id: source.id }),
    onSuccess: () => toast.success('Access requested.'),
  })
  const pending = request.isSuccess || (request.error instanceof ApiClientError && request.error.status === 400)
  if (pending)
    return (
      <p className="muted" data-testid="access-requested">
        Access requested: the owners will see it on their Members page.
      </p>
    )
  return (
    <div>
      <Button
        pending={request.isPending}
        pendingLabel="Requesting…"
        onClick={() => request.mutate()}
        data-testid="request-access-button"
      >
        Request access
      </Button>
      {request.error && (
        <div className="field-error" role="alert" data-testid="request-access-error">
          {request.error.message}
        </div>
      )}
    </div>
  )
}
