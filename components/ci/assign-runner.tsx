'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useApi } from '../console-providers'
import { Button } from '../ui/button'
import { Select } from '../ui/select'
import { useToast } from '../ui/toast'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

/** Assign one of the viewer's other project runners to this project (POST /projects/:id/runners). */
export function AssignRunner({
  projectId,
  runners,
}: {
  projectId: number
  runners: { id: number; description: string }[]
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [id, setId] = useState(String(runners[0]?.id ?? ''))
  const assign = useMutation({
    mutationFn: () => api.quiet(endpoints.runner.assign, { id: projectId, runner_id: Number(id) }),
    onSuccess: () => {
      toast.success(`Runner #${id} assigned to this project.`)
      router.refresh()
    },
  })
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
        <Select
          value={id}
          onChange={(e) => setId(e.target.value)}
          options={runners.map((r) => [String(r.id), `#${r.id} ${r.description}`] as const)}
          data-testid="assign-runner-select"
        />
      </label>
      <Button type="submit" pending={assign.isPending} pendingLabel="Assigning…" data-testid="assign-runner-submit">
        Assign to this project
      </Button>
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
  const toast = useToast()
  const un = useMutation({
    mutationFn: () => api.quiet(endpoints.runner.unassign, { id: projectId, runner_id: runnerId }),
    onSuccess: () => {
      toast.success(`Runner #${runnerId} unassigned from this project.`)
      router.refresh()
    },
  })
  return (
    <>
      <Button
        pending={un.isPending}
        pendingLabel="Unassigning…"
        onClick={() => un.mutate()}
        data-testid={`unassign-runner-${runnerId}`}
      >
        Unassign
      </Button>
      {un.error && (
        <span className="field-error" role="alert" data-testid={`unassign-runner-${runnerId}-error`}>
          {un.error.message}
        </span>
      )}
    </>
  )
}
