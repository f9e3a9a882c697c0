'use client'
import { endpoints } from '@/lib/console/endpoint-refs'
import { ConfirmDeleteButton } from '../confirm-delete-button'

export function DeleteBroadcastButton({ id }: { id: number }) {
  return (
    <ConfirmDeleteButton
      endpoint={endpoints.broadcastMessage.remove}
      params={{ id }}
      label="Delete"
      pendingLabel="Deleting…"
      question="Delete this message?"
      ariaLabel="Delete broadcast message"
      testId="delete-broadcast"
    />
  )
}
