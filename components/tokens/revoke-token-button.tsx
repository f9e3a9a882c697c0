'use client'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { ConfirmButton } from '@/components/ui/confirm'

/** Revoking is final: anything using the token stops working. */
export function RevokeTokenButton({ source, tokenId, name }: { source?: SourceRef; tokenId: number; name: string }) {
  const target = source
    ? { endpoint: endpoints.accessToken[source.kind].revoke, params: { id: source.id, token_id: tokenId } }
    : { endpoint: endpoints.token.revoke, params: { id: tokenId } }
  return (
    <ConfirmButton
      {...target}
      label="Revoke"
      pendingLabel="Revoking…"
      question={`Revoke “${name}”? Anything using it stops working.`}
      ariaLabel={`Revoke ${name}`}
      testId="revoke-token"
      done={`Token “${name}” revoked.`}
    />
  )
}
