'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/endpoint-refs'

/** Assign one of the viewer's other project runners to this project (POST /projects/:id/runners). */
export function AssignRunner({ projectId, runners }: { projectId: number; runners: { id: number; description: string }[] }) {
  const api = useApi()
  const router = useRouter()
  const [id, setId] = useState(String(runners[0]?.id ?? ''))
  const assign = useMutation({ mutationFn: () => api(endpoints.runner.assign, { id: projectId, runner_id: Number(id) }), onSuccess: () => router.refresh() })
  return (
    <form
      className="filters"
      onSubmit={(e) => {
        e.preventDefault()
        assign.mutate()
      }}
      data-testid="assign-runner-form"
    >
      <label>
        Other project runners you manage
        <select value={id} onChange={(e) => setId(e.target.value)} data-testid="assign-runner-select">
          {runners.map((r) => (
            <option key={r.id} value={r.id}>
              #{r.id} {r.description}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn" disabled={assign.isPending} data-testid="assign-runner-submit">
        Assign to this project
      </button>
      {assign.error && (
        <span className="field-error" role="alert">
          {assign.error.message}
        </span>
      )}
    </form>
  )
}

/** Unassign (DELETE /projects/:id/runners/:runner_id); GitLab refuses it for the owner project. */
export function UnassignButton({ projectId, runnerId }: { projectId: number; runnerId: number }) {
  const api = useApi()
  const router = useRouter()
  const un = useMutation({ mutationFn: () => api(endpoints.runner.unassign, { id: projectId, runner_id: runnerId }), onSuccess: () => router.refresh() })
  return (
    <>
      <button type="button" className="btn" disabled={un.isPending} onClick={() => un.mutate()} data-testid={`unassign-runner-${runnerId}`}>
        Unassign
      </button>
      {un.error && (
        <span className="field-error" role="alert" data-testid={`unassign-runner-${runnerId}-error`}>
          {un.error.message}
        </span>
      )}
    </>
  )
}
