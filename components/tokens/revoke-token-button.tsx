'use client'
import { ConfirmDeleteButton } from '../confirm-delete-button'

/** Revoking is final: anything using the token stops working. */
export function RevokeTokenButton({ id, name }: { id: number; name: string }) {
  return (
    <ConfirmDeleteButton
      path={`/personal_access_tokens/${id}`}
      label="Revoke"
      pendingLabel="Revoking…"
      question={`Revoke “${name}”? Anything using it stops working.`}
      ariaLabel={`Revoke ${name}`}
      testId="revoke-token"
    />
  )
}
