'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useApi } from '@/components/console-providers'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

type Decision = 'approve' | 'deny'

/** Approve (grants the membership) or deny a queued promotion; the list reloads after. */
export function ReviewButtons({ id }: { id: number }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const review = useMutation({
    mutationFn: (decision: Decision) =>
      api.quiet(decision === 'approve' ? endpoints.memberApproval.approve : endpoints.memberApproval.deny, { id }),
    onSuccess: (_r, decision) => {
      toast.success(
        decision === 'approve' ? 'Approved: the membership is granted.' : 'Denied: the membership stays as it was.',
      )
      router.refresh()
    },
  })
  const pending = (d: Decision) => review.isPending && review.variables === d
  return (
    <div className="actions">
      <Button
        variant="primary"
        disabled={review.isPending}
        pending={pending('approve')}
        pendingLabel="Approving…"
        onClick={() => review.mutate('approve')}
        data-testid={`approve-${id}`}
      >
        Approve
      </Button>
      <Button
        variant="danger-outline"
        disabled={review.isPending}
        pending={pending('deny')}
        pendingLabel="Denying…"
        onClick={() => review.mutate('deny')}
        data-testid={`deny-${id}`}
      >
        Deny
      </Button>
      {review.error && (
        <div className="field-error" role="alert">
          {review.error.message}
        </div>
      )}
    </div>
  )
}
