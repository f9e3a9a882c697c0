'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { ApiClientError } from '../api-client'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/endpoint-refs'
import type { EndpointRef, ParamsOf } from '@/lib/api/endpoint'
import type { ParamsArg } from '@/lib/console/endpoint-call'

/** "Run pipeline" on a ref (POST /projects/:id/pipeline); GitLab's base errors are shown as they come. */
export function RunPipelineForm({ projectId, defaultRef, pipelinesPath }: { projectId: number; defaultRef: string; pipelinesPath: string }) {
  const api = useApi()
  const router = useRouter()
  const [ref, setRef] = useState(defaultRef)
  const run = useMutation({
    mutationFn: () => api(endpoints.pipeline.create, { id: projectId, ref }),
    onSuccess: (p) => router.push(`${pipelinesPath}/${p.id}`),
  })
  const message = run.error instanceof ApiClientError ? Object.values(run.error.fieldErrors).flat().join('; ') || run.error.message : run.error?.message
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
        <input value={ref} onChange={(e) => setRef(e.target.value)} data-testid="run-pipeline-ref" />
      </label>
      <button type="submit" className="btn btn-primary" disabled={run.isPending || !ref} data-testid="run-pipeline-submit">
        {run.isPending ? 'Starting…' : 'Run pipeline'}
      </button>
      {message && (
        <div className="field-error" role="alert" data-testid="run-pipeline-error">
          {message}
        </div>
      )}
    </form>
  )
}

/** Cancel / retry a pipeline's job or the pipeline (POST …/cancel, …/retry); the page reloads. */
export function ApiActionButton<E extends EndpointRef>({
  endpoint,
  params,
  label,
  testId,
  danger,
}: {
  endpoint: E
  params: ParamsOf<E>
  label: string
  testId: string
  danger?: boolean
}) {
  const api = useApi()
  const router = useRouter()
  const act = useMutation({ mutationFn: () => api(endpoint, ...([params] as ParamsArg<E>)), onSuccess: () => router.refresh() })
  return (
    <>
      <button type="button" className={danger ? 'btn btn-danger-outline' : 'btn'} disabled={act.isPending} onClick={() => act.mutate()} data-testid={testId}>
        {label}
      </button>
      {act.error && (
        <span className="field-error" role="alert">
          {act.error.message}
        </span>
      )}
    </>
  )
}
