'use client'
import { ConfirmDeleteButton } from '../confirm-delete-button'

/** Revoking is final: anything using the token stops working. */
export function RevokeTokenButton({ path, name }: { path: string; name: string }) {
  return (
    <ConfirmDeleteButton
      path={path}
      label="Revoke"
      pendingLabel="Revoking…"
      question={`Revoke “${name}”? Anything using it stops working.`}
      ariaLabel={`Revoke ${name}`}
      testId="revoke-token"
    />
  )
}
