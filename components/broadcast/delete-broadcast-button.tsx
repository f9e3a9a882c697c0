'use client'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { ConfirmButton } from '@/components/ui/confirm'

export function DeleteBroadcastButton({ id }: { id: number }) {
  return (
    <ConfirmButton
      endpoint={endpoints.broadcastMessage.remove}
      params={{ id }}
      label="Delete"
      pendingLabel="Deleting…"
      question="Delete this message?"
      ariaLabel="Delete broadcast message"
      testId="delete-broadcast"
      done="Broadcast message deleted."
    />
  )
}
