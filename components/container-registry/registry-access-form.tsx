'use client'
// Who may use the project's container registry (PUT /projects/:id container_registry_access_level):
// everyone who sees the project, members only (Reporter and above), or nobody.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { endpoints } from '@/lib/console/endpoint-refs'
import type { RegistryAccessLevel } from '@/lib/projects/schema'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'

const OPTIONS: { value: RegistryAccessLevel; label: string }[] = [
  { value: 'enabled', label: 'Enabled: everyone with access to the project' },
  { value: 'private', label: 'Only project members (Reporter and above)' },
  { value: 'disabled', label: 'Disabled' },
]

export function RegistryAccessForm({ projectId, value }: { projectId: number; value: RegistryAccessLevel }) {
  const api = useApi()
  const router = useRouter()
  const [level, setLevel] = useState<RegistryAccessLevel>(value)
  const save = useMutation({
    mutationFn: (l: RegistryAccessLevel) => api(endpoints.project.update, { id: projectId, container_registry_access_level: l }),
    onSuccess: () => router.refresh(),
  })
  const fieldError = save.error ? save.error.message : undefined
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(level)
      }}
      data-testid="registry-access-form"
    >
      <FormError message={fieldError} testId="registry-access-error" />
      <Field label="Container registry" htmlFor="registry-access-level" hint="Pulling and pushing images, and these pages, follow this setting.">
        <select
          id="registry-access-level"
          value={level}
          onChange={(e) => {
            setLevel(e.target.value as RegistryAccessLevel)
            save.reset()
          }}
          data-testid="registry-access-select"
        >
          {OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || level === value} data-testid="registry-access-submit">
          {save.isPending ? 'Saving…' : 'Save changes'}
        </button>
        {save.isSuccess && (
          <span className="saved-note" role="status" data-testid="registry-access-saved">
            Saved
          </span>
        )}
      </div>
    </form>
  )
}
