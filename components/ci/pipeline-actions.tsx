'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { ApiClientError } from '../api-client'
import { useApi } from '../console-providers'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { useToast } from '../ui/toast'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { EndpointRef, ParamsOf } from '@/lib/api/endpoint'
import type { ParamsArg } from '@/lib/console/endpoint-call'

/** "Run pipeline" on a ref (POST /projects/:id/pipeline); GitLab's base errors are shown as they come. */
export function RunPipelineForm({
  projectId,
  defaultRef,
  pipelinesPath,
}: {
  projectId: number
  defaultRef: string
  pipelinesPath: string
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [ref, setRef] = useState(defaultRef)
  const run = useMutation({
    mutationFn: () => api.quiet(endpoints.pipeline.create, { id: projectId, ref }),
    onSuccess: (p) => {
      toast.success(`Pipeline #${p.id} started on ${ref}.`)
      router.push(`${pipelinesPath}/${p.id}`)
    },
  })
  const message =
    run.error instanceof ApiClientError
      ? Object.values(run.error.fieldErrors).flat().join('; ') || run.error.message
      : run.error?.message
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault()
        run.mutate()
      }}
      data-testid="run-pipeline-form"
    >
      <label>
        Branch or tag
        <Input
          value={ref}
          onChange={(e) => setRef(e.target.value)}
          invalid={!!message}
          data-testid="run-pipeline-ref"
        />
      </label>
      <Button
        type="submit"
        variant="primary"
        disabled={!ref}
        pending={run.isPending}
        pendingLabel="Starting…"
        data-testid="run-pipeline-submit"
      >
        Run pipeline
      </Button>
      {message && (
        <div className="field-error" role="alert" data-testid="run-pipeline-error">
          {message}
        </div>
      )}
    </form>
  )
}

/** Cancel / retry a job, a pipeline or a queued task (POST …/cancel, …/retry); toasts `done`, then the page reloads. */
export function ApiActionButton<E extends EndpointRef>({
  endpoint,
  params,
  label,
  pendingLabel = 'Working…',
  done = 'Done.',
  testId,
  danger,
}: {
  endpoint: E
  params: ParamsOf<E>
  label: string
  pendingLabel?: string
  /** The toast after success ("Job canceled."). */
  done?: string
  testId: string
  danger?: boolean
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const act = useMutation({
    mutationFn: () => api.quiet(endpoint, ...([params] as ParamsArg<E>)),
    onSuccess: () => {
      toast.success(done)
      router.refresh()
    },
  })
  return (
    <>
      <Button
        variant={danger ? 'danger-outline' : 'default'}
        pending={act.isPending}
        pendingLabel={pendingLabel}
        onClick={() => act.mutate()}
        data-testid={testId}
      >
        {label}
      </Button>
      {act.error && (
        <span className="field-error" role="alert">
          {act.error.message}
        </span>
      )}
    </>
  )
}
