'use client'
// Who may use the project's container registry (PUT /projects/:id container_registry_access_level):
// everyone who sees the project, members only (Reporter and above), or nobody.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { RegistryAccessLevel } from '@/lib/projects/schema'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Select } from '../ui/select'

const OPTIONS: readonly (readonly [RegistryAccessLevel, string])[] = [
  ['enabled', 'Enabled: everyone with access to the project'],
  ['private', 'Only project members (Reporter and above)'],
  ['disabled', 'Disabled'],
]

export function RegistryAccessForm({ projectId, value }: { projectId: number; value: RegistryAccessLevel }) {
  const api = useApi()
  const router = useRouter()
  const [level, setLevel] = useState<RegistryAccessLevel>(value)
  const save = useMutation({
    mutationFn: (l: RegistryAccessLevel) =>
      api(endpoints.project.update, { id: projectId, container_registry_access_level: l }),
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
      <Field
        label="Container registry"
        htmlFor="registry-access-level"
        hint="Pulling and pushing images, and these pages, follow this setting."
      >
        <Select
          id="registry-access-level"
          value={level}
          options={OPTIONS}
          onChange={(e) => {
            setLevel(OPTIONS.find(([v]) => v === e.target.value)?.[0] ?? value)
            save.reset()
          }}
          data-testid="registry-access-select"
        />
      </Field>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={level === value}
          pending={save.isPending}
          pendingLabel="Saving…"
          data-testid="registry-access-submit"
        >
          Save changes
        </Button>
      </div>
    </form>
  )
}
