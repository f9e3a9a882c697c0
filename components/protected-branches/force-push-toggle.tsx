'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useApi } from '../console-providers'
import { Switch, useToast } from '../ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

/** Flips allow_force_push on one rule; the server-rendered table is reloaded after. */
export function ForcePushToggle({ projectId, name, value }: { projectId: number; name: string; value: boolean }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const toggle = useMutation({
    mutationFn: (next: boolean) =>
      api.quiet(endpoints.protectedBranch.update, { id: projectId, name, allow_force_push: next }),
    onSuccess: (_, next) => {
      toast.success(next ? `Force push allowed on “${name}”.` : `Force push forbidden on “${name}”.`)
      router.refresh()
    },
  })
  // From the click until the refreshed page arrives, show the requested state so the switch does
  // not flick back; after that the server's value and the request agree.
  const checked = toggle.isPending || toggle.isSuccess ? toggle.variables : value
  return (
    <span>
      <Switch
        aria-label={`Allow force push on ${name}`}
        checked={checked}
        disabled={toggle.isPending}
        onChange={(e) => toggle.mutate(e.target.checked)}
        data-testid="force-push-toggle"
      />
      {toggle.error && (
        <div className="field-error" role="alert" data-testid="force-push-error">
          {toggle.error.message}
        </div>
      )}
    </span>
  )
}
