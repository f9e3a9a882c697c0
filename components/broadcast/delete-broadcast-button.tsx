'use client'
import { ConfirmDeleteButton } from '../confirm-delete-button'

export function DeleteBroadcastButton({ id }: { id: number }) {
  return (
    <ConfirmDeleteButton
      path={`/broadcast_messages/${id}`}
      label="Delete"
      pendingLabel="Deleting…"
      question="Delete this message?"
      ariaLabel="Delete broadcast message"
      testId="delete-broadcast"
    />
  )
}
