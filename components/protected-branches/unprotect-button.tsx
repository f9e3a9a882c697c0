'use client'
import { ConfirmButton } from '@/components/ui/confirm'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

/** Unprotecting lets anyone with push rights push, force-push or delete the matching branches. */
export function UnprotectButton({ projectId, name }: { projectId: number; name: string }) {
  return (
    <ConfirmButton
      endpoint={endpoints.protectedBranch.remove}
      params={{ id: projectId, name }}
      label="Unprotect"
      pendingLabel="Unprotecting…"
      question={`Unprotect “${name}”? Developers may then push to, force-push and delete it.`}
      ariaLabel={`Unprotect ${name}`}
      testId="unprotect"
      done={`“${name}” unprotected.`}
    />
  )
}
