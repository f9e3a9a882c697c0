'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useApi } from '@/components/console-providers'
import { endpoints } from '@/lib/console/endpoint-refs'

/** Approve (grants the membership) or deny a queued promotion; the list reloads after. */
export function ReviewButtons({ id }: { id: number }) {
  const api = useApi()
  const router = useRouter()
  const review = useMutation({
    mutationFn: (decision: 'approve' | 'deny') => api(decision === 'approve' ? endpoints.memberApproval.approve : endpoints.memberApproval.deny, { id }),
    onSuccess: () => router.refresh(),
  })
  return (
    <div className="actions">
      <button type="button" className="btn btn-primary" disabled={review.isPending} onClick={() => review.mutate('approve')} data-testid={`approve-${id}`}>
        Approve
      </button>
      <button type="button" className="btn btn-danger-outline" disabled={review.isPending} onClick={() => review.mutate('deny')} data-testid={`deny-${id}`}>
        Deny
      </button>
      {review.error && (
        <div className="field-error" role="alert">
          {review.error.message}
        </div>
      )}
    </div>
  )
}
