'use client'
// Project → Settings → General: name, URL, description, visibility and the issues feature, through
// PUT /projects/:id. Validation is the API's: its per-field messages land on their fields, anything
// else above the form; a rename moves the page to the project's new path.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import type { ProjectDetail } from '@/lib/console/resources'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Button, Field, FormError, Input, Select, Textarea, useToast, type SelectOption } from '../ui'

interface Values {
  name: string
  path: string
  description: string
  visibility: 'private' | 'internal' | 'public'
  issues_access_level: 'enabled' | 'private' | 'disabled'
}
const FIELDS = ['name', 'path', 'description', 'visibility', 'issues_access_level'] as const

const VISIBILITY: SelectOption[] = [
  ['private', 'Private: only members see the project'],
  ['internal', 'Internal: every signed-in user'],
  ['public', 'Public: everyone, signed in or not'],
]
const ISSUES: SelectOption[] = [
  ['enabled', 'Everyone with access'],
  ['private', 'Only project members'],
  ['disabled', 'Disabled'],
]

const initial = (p: Omit<ProjectDetail, 'abilities'>): Values => ({
  name: p.name,
  path: p.path,
  description: p.description,
  visibility: p.visibility,
  issues_access_level: p.issues_access_level,
})

// The API reads an empty string as "not sent" (nothing would change and "saved" would mislead):
// an emptied name or URL is refused here, at its field.
const required = (label: string) => (v: string) => (v.trim() ? true : `${label} can't be blank`)

/** Only what changed goes to the API. */
function changes(before: Values, after: Values): Partial<Values> {
  const out: Partial<Values> = {}
  for (const k of FIELDS) if (after[k] !== before[k]) Object.assign(out, { [k]: after[k] })
  return out
}

export function ProjectSettingsForm({ project }: { project: ProjectDetail }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const defaults = initial(project)
  const form = useForm<Values>({ defaultValues: defaults })
  const { errors } = form.formState

  const save = useMutation({
    mutationFn: (v: Values) =>
      api.quiet(endpoints.project.update, {
        id: project.id,
        ...changes({ ...defaults, ...form.formState.defaultValues }, v),
      }),
    onSuccess: (updated) => {
      toast.success('Project settings saved.')
      form.reset(initial(updated))
      if (updated.path_with_namespace !== project.path_with_namespace)
        router.replace(`/projects/${updated.path_with_namespace}/-/edit`)
      else router.refresh()
    },
    onError: (err) => applyApiErrors(err, form.setError, FIELDS),
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}
      data-testid="project-settings-form"
    >
      <FormError message={errors.root?.server?.message} testId="project-settings-error" />
      <Field label="Project name" htmlFor="project-name" error={errors.name?.message}>
        <Input
          id="project-name"
          autoComplete="off"
          invalid={!!errors.name}
          {...form.register('name', { validate: required('Project name') })}
          data-testid="project-name-input"
        />
      </Field>
      <Field
        label="Project URL"
        htmlFor="project-path"
        error={errors.path?.message}
        hint="Changing it redirects the old URL to the new one."
      >
        <Input
          id="project-path"
          autoComplete="off"
          invalid={!!errors.path}
          {...form.register('path', { validate: required('Project URL') })}
          data-testid="project-path-input"
        />
      </Field>
      <Field label="Project description" htmlFor="project-description" error={errors.description?.message}>
        <Textarea
          id="project-description"
          rows={3}
          invalid={!!errors.description}
          {...form.register('description')}
          data-testid="project-description-input"
        />
      </Field>
      <Field label="Project visibility" htmlFor="project-visibility" error={errors.visibility?.message}>
        <Select
          id="project-visibility"
          options={VISIBILITY}
          invalid={!!errors.visibility}
          {...form.register('visibility')}
          data-testid="project-visibility-select"
        />
      </Field>
      <Field label="Issues" htmlFor="project-issues" error={errors.issues_access_level?.message}>
        <Select
          id="project-issues"
          options={ISSUES}
          invalid={!!errors.issues_access_level}
          {...form.register('issues_access_level')}
          data-testid="project-issues-select"
        />
      </Field>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          pending={save.isPending}
          pendingLabel="Saving…"
          data-testid="project-settings-submit"
        >
          Save changes
        </Button>
      </div>
    </form>
  )
}
