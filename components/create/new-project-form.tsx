'use client'
// New project: the namespace (only those the user may create projects in), name, a path suggested
// from the name and checked as they type (a subgroup or a project already there takes it), the
// visibility levels the namespace and the instance allow, a description, and an initial README.
// POST /projects; on success the project's page, with a toast.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button, Checkbox, Field, FormError, Input, Select, Textarea, useToast } from '@/components/ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { initialVisibility, visibilityOptions } from '@/lib/console/new-resource'
import type { NamespaceChoice } from '@/lib/console/project-namespaces'
import { resourceFields } from './create-schema'
import { consolePath } from '@/lib/util/console-path'
import { useApi } from '../console-providers'
import { applyCreateErrors } from './create-errors'
import { PathStatus } from './path-status'
import { usePathField } from './use-path-field'
import { VisibilityField } from './visibility-field'
import './create-forms.css'

export interface NewProjectFormProps {
  namespaces: NamespaceChoice[]
  /** The namespace chosen at first (?namespace_id=, else the first offered). */
  namespaceId: number
  restricted: string[]
  admin: boolean
  defaultVisibility: string
}

const FIELDS = ['namespace_id', 'name', 'path', 'visibility_level', 'description'] as const

const schema = z.object({
  namespace_id: z.string().min(1, 'Choose a namespace'),
  ...resourceFields(false),
  initialize_with_readme: z.boolean(),
})
type Values = z.infer<typeof schema>

const label = (n: NamespaceChoice) => (n.kind === 'user' ? `${n.full_path} (personal)` : n.name)

export function NewProjectForm({ namespaces, namespaceId, restricted, admin, defaultVisibility }: NewProjectFormProps) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const optionsFor = (id: string) => {
    const ns = namespaces.find((n) => String(n.id) === id)
    return visibilityOptions({
      parent: ns?.visibility ? { visibility: ns.visibility, kind: 'group', name: ns.name } : undefined,
      restricted,
      admin,
    })
  }
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      namespace_id: String(namespaceId),
      name: '',
      path: '',
      visibility_level: initialVisibility(optionsFor(String(namespaceId)), defaultVisibility) ?? undefined,
      description: '',
      initialize_with_readme: true,
    },
  })
  const { errors } = form.formState
  const nsId = form.watch('namespace_id')
  const namespace = namespaces.find((n) => String(n.id) === nsId)
  const options = optionsFor(nsId)
  const path = usePathField(form, {
    topLevel: false,
    scope: `project:${nsId}`,
    check: async (p) => {
      // A subgroup and a project share the namespace's paths (GitLab's routes). Projects are
      // searched rather than fetched by path: a 404 would be a console error for a free path.
      const full = `${namespace?.full_path ?? ''}/${p}`.toLowerCase()
      const same = (list: readonly { path_with_namespace: string }[]) =>
        list.some((x) => x.path_with_namespace.toLowerCase() === full)
      const [sub, projects] = await Promise.all([
        api(endpoints.namespace.exists, { id: p, parent_id: Number(nsId) }),
        namespace?.kind === 'user'
          ? api(endpoints.project.list, { owned: true, search: p, simple: true, per_page: 100 })
          : api(endpoints.group.projects, {
              id: Number(nsId),
              search: p,
              simple: true,
              with_shared: false,
              per_page: 100,
            }),
      ])
      return { exists: sub.exists || same(projects), suggests: sub.exists ? sub.suggests : [] }
    },
  })
  const namespaceField = form.register('namespace_id', {
    // A level the new namespace does not allow falls back to what it does.
    onChange: (e: { target: { value: string } }) => {
      const next = optionsFor(e.target.value)
      if (next.find((o) => o.value === form.getValues('visibility_level'))?.disabledReason !== null) {
        const fallback = initialVisibility(next, defaultVisibility)
        if (fallback) form.setValue('visibility_level', fallback)
      }
    },
  })

  const create = useMutation({
    mutationFn: (v: Values) =>
      api.quiet(endpoints.project.create, {
        namespace_id: Number(v.namespace_id),
        name: v.name.trim(),
        path: v.path,
        visibility: v.visibility_level,
        description: v.description || undefined,
        initialize_with_readme: v.initialize_with_readme,
      }),
    onSuccess: (project) => {
      toast.success(`Project ${project.name} created.`)
      router.push(consolePath('projects', project.path_with_namespace))
    },
    onError: (err) =>
      applyCreateErrors(err, form.setError, FIELDS, {
        field: 'namespace_id',
        message: 'You are not allowed to create projects in this namespace.',
      }),
  })

  return (
    <form
      className="create-form"
      noValidate
      onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))}
      data-testid="new-project-form"
    >
      <FormError message={errors.root?.server?.message} testId="new-project-error" />
      <Field label="Project name" htmlFor="project-name" error={errors.name?.message}>
        <Input
          id="project-name"
          autoComplete="off"
          autoFocus
          invalid={!!errors.name}
          {...path.nameProps}
          data-testid="project-name-input"
        />
      </Field>
      <Field
        label="Namespace"
        htmlFor="project-namespace"
        error={errors.namespace_id?.message}
        errorTestId="namespace_id-error"
      >
        <Select
          id="project-namespace"
          invalid={!!errors.namespace_id}
          {...namespaceField}
          data-testid="project-namespace-select"
        >
          {namespaces.map((n) => (
            <option key={n.id} value={n.id}>
              {label(n)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Project slug" htmlFor="project-path" error={errors.path?.message} errorTestId="path-error">
        <div className="create-path">
          <span className="create-path-prefix muted">/projects/{namespace?.full_path ?? ''}/</span>
          <Input
            id="project-path"
            autoComplete="off"
            spellCheck={false}
            invalid={!!errors.path}
            {...path.pathProps}
            data-testid="project-path-input"
          />
        </div>
      </Field>
      <PathStatus status={path.status} onUse={path.use} />
      <VisibilityField
        options={options}
        register={form.register('visibility_level')}
        error={errors.visibility_level?.message}
      />
      <Field label="Description (optional)" htmlFor="project-description">
        <Textarea
          id="project-description"
          rows={3}
          {...form.register('description')}
          data-testid="project-description-input"
        />
      </Field>
      <div className="field">
        <Checkbox
          label="Initialize repository with a README"
          hint="Lets you see the default branch right away."
          {...form.register('initialize_with_readme')}
          data-testid="project-readme-checkbox"
        />
      </div>
      <div className="create-actions">
        <Button
          type="submit"
          variant="primary"
          pending={create.isPending}
          pendingLabel="Creating…"
          data-testid="create-project-submit"
        >
          Create project
        </Button>
        <Button variant="link" onClick={() => router.back()}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
