'use client'
// New group (top level, or a subgroup under `parent`): name, a path suggested from the name until
// the user edits it and checked as they type (GET /namespaces/:id/exists under the parent), the
// visibility levels the parent and the instance allow, a description. POST /groups; on success the
// new group's page, with a toast.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button, Field, FormError, Input, Textarea, useToast } from '@/components/ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { VisibilityOption } from '@/lib/console/new-resource'
import type { Visibility } from '@/lib/groups/visibility-levels'
import { resourceFields } from './create-schema'
import { consolePath } from '@/lib/util/console-path'
import { useApi } from '../console-providers'
import { applyCreateErrors } from './create-errors'
import { usePathField } from './use-path-field'
import { PathStatus } from './path-status'
import { VisibilityField } from './visibility-field'
import './create-forms.css'

export interface NewGroupFormProps {
  /** The parent group of a subgroup. */
  parent: { id: number; full_path: string; full_name: string } | null
  visibilityOptions: VisibilityOption[]
  /** null when no level may be chosen (the API will say why). */
  initialVisibility: Visibility | null
}

const FIELDS = ['name', 'path', 'visibility_level', 'description', 'parent_id'] as const

const schemaFor = (topLevel: boolean) =>
  z.object({
    ...resourceFields(topLevel),
    // Only carries the API's 403 for the parent group.
    parent_id: z.string(),
  })
type Values = z.infer<ReturnType<typeof schemaFor>>

export function NewGroupForm({ parent, visibilityOptions, initialVisibility }: NewGroupFormProps) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(!parent)),
    defaultValues: {
      name: '',
      path: '',
      visibility_level: initialVisibility ?? undefined,
      description: '',
      parent_id: '',
    },
  })
  const { errors } = form.formState
  const path = usePathField(form, {
    topLevel: !parent,
    scope: `group:${parent?.id ?? 'top'}`,
    check: (p) => api(endpoints.namespace.exists, { id: p, parent_id: parent?.id }),
  })

  const create = useMutation({
    mutationFn: (v: Values) =>
      api.quiet(endpoints.group.create, {
        name: v.name.trim(),
        path: v.path,
        visibility: v.visibility_level,
        description: v.description || undefined,
        parent_id: parent?.id,
      }),
    onSuccess: (group) => {
      toast.success(parent ? `Subgroup ${group.name} created.` : `Group ${group.name} created.`)
      router.push(consolePath('groups', group.full_path))
    },
    onError: (err) =>
      applyCreateErrors(err, form.setError, FIELDS, {
        field: parent ? 'parent_id' : undefined,
        // GitLab's own words (Groups::CreateService).
        message: parent
          ? 'You don’t have permission to create a subgroup in this group.'
          : 'You don’t have permission to create groups.',
      }),
  })

  return (
    <form
      className="create-form"
      noValidate
      onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))}
      data-testid="new-group-form"
    >
      <FormError message={errors.root?.server?.message} testId="new-group-error" />
      {parent && (
        <Field label="Parent group" error={errors.parent_id?.message} errorTestId="parent_id-error">
          <div className="create-parent" data-testid="parent-group">
            {parent.full_name} <code>{parent.full_path}</code>
          </div>
        </Field>
      )}
      <Field
        label="Group name"
        htmlFor="group-name"
        error={errors.name?.message}
        hint="For example, the name of your team or organization."
      >
        <Input
          id="group-name"
          autoComplete="off"
          autoFocus
          invalid={!!errors.name}
          {...path.nameProps}
          data-testid="group-name-input"
        />
      </Field>
      <Field label="Group URL" htmlFor="group-path" error={errors.path?.message} errorTestId="path-error">
        <div className="create-path">
          <span className="create-path-prefix muted">{parent ? `/groups/${parent.full_path}/` : '/groups/'}</span>
          <Input
            id="group-path"
            autoComplete="off"
            spellCheck={false}
            invalid={!!errors.path}
            {...path.pathProps}
            data-testid="group-path-input"
          />
        </div>
      </Field>
      <PathStatus status={path.status} onUse={path.use} />
      <VisibilityField
        options={visibilityOptions}
        register={form.register('visibility_level')}
        error={errors.visibility_level?.message}
      />
      <Field label="Description (optional)" htmlFor="group-description" error={errors.description?.message}>
        <Textarea
          id="group-description"
          rows={3}
          {...form.register('description')}
          data-testid="group-description-input"
        />
      </Field>
      <div className="create-actions">
        <Button
          type="submit"
          variant="primary"
          pending={create.isPending}
          pendingLabel="Creating…"
          data-testid="create-group-submit"
        >
          {parent ? 'Create subgroup' : 'Create group'}
        </Button>
        <Button variant="link" onClick={() => router.back()}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
