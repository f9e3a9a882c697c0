'use client'
// New / edit snippet: title, description, visibility and any number of files (add and remove
// rows). Editing sends GitLab's file actions: a removed row is `delete`, a renamed one `move`
// (with its content), a changed one `update`, a new one `create`.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useFieldArray, useForm } from 'react-hook-form'
import { z } from 'zod'
import { validFilePath } from '@/lib/snippets/schema'
import type { SnippetJson } from '@/lib/snippets/types'
import { ApiClientError } from '../api-client'
import { useApi } from '../console-providers'
import { Button, Field, FormError, Input, Select, Textarea, useToast } from '../ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

const schema = z.object({
  title: z.string().trim().min(1, "Title can't be blank"),
  description: z.string(),
  visibility: z.enum(['private', 'internal', 'public']),
  files: z
    .array(
      z.object({
        path: z.string().trim().refine(validFilePath, 'Enter a relative file path (no "..", no leading "/")'),
        content: z.string().refine((s) => s.trim() !== '', "Content can't be blank"),
        original: z.string().optional(),
      }),
    )
    .min(1, 'A snippet needs at least one file')
    .refine((files) => new Set(files.map((f) => f.path.trim())).size === files.length, 'Two files have the same path'),
})
type Values = z.infer<typeof schema>

const VISIBILITIES = [
  ['private', 'Private — project members only'],
  ['internal', 'Internal — any signed-in user who can see the project'],
  ['public', 'Public — anyone who can see the project'],
] as const
type FileRow = Values['files'][number]

export interface SnippetFormProps {
  projectId: number
  basePath: string
  /** Present when editing: the snippet and its current file contents. */
  snippet?: SnippetJson
  contents?: Record<string, string>
}

/** The `files` actions that turn the original files into the edited rows. */
function fileActions(rows: FileRow[], originals: Record<string, string>) {
  const kept = new Set(rows.map((r) => r.original).filter(Boolean))
  type FileAction = {
    action: 'create' | 'update' | 'delete' | 'move'
    file_path: string
    content?: string
    previous_path?: string
  }
  const actions: FileAction[] = Object.keys(originals)
    .filter((p) => !kept.has(p))
    .map((p): FileAction => ({ action: 'delete', file_path: p }))
  for (const r of rows) {
    const path = r.path.trim()
    if (!r.original) actions.push({ action: 'create', file_path: path, content: r.content })
    else if (r.original !== path)
      actions.push({ action: 'move', previous_path: r.original, file_path: path, content: r.content })
    else if (originals[r.original] !== r.content)
      actions.push({ action: 'update', file_path: path, content: r.content })
  }
  return actions
}

export function SnippetForm({ projectId, basePath, snippet, contents = {} }: SnippetFormProps) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const defaults: Values = snippet
    ? {
        title: snippet.title,
        description: snippet.description ?? '',
        visibility: snippet.visibility,
        files: snippet.files.map((f) => ({ path: f.path, content: contents[f.path] ?? '', original: f.path })),
      }
    : { title: '', description: '', visibility: 'private', files: [{ path: '', content: '' }] }
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults })
  const files = useFieldArray({ control: form.control, name: 'files' })
  const { errors } = form.formState

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const meta = { title: v.title, description: v.description, visibility: v.visibility }
      if (!snippet)
        return api.quiet(endpoints.snippet.create, {
          id: projectId,
          ...meta,
          files: v.files.map((f) => ({ file_path: f.path.trim(), content: f.content })),
        })
      const actions = fileActions(v.files, contents)
      return api.quiet(endpoints.snippet.update, {
        id: projectId,
        snippet_id: snippet.id,
        ...meta,
        ...(actions.length ? { files: actions } : {}),
      })
    },
    onSuccess: (saved) => {
      toast.success(snippet ? 'Snippet saved.' : 'Snippet created.')
      router.push(`${basePath}/${saved.id}`)
      router.refresh()
    },
    onError: (err) => {
      const body = err instanceof ApiClientError ? (err.body as { message?: { error?: string } } | null) : null
      form.setError('root.server', { message: body?.message?.error ?? err.message })
    },
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}
      data-testid="snippet-form"
    >
      <FormError message={errors.root?.server?.message} testId="snippet-error-form" />
      <Field label="Title" htmlFor="snippet-title" error={errors.title?.message}>
        <Input
          id="snippet-title"
          autoComplete="off"
          invalid={!!errors.title}
          {...form.register('title')}
          data-testid="snippet-title-input"
        />
      </Field>
      <Field label="Description (optional)" htmlFor="snippet-description">
        <Textarea
          id="snippet-description"
          rows={2}
          {...form.register('description')}
          data-testid="snippet-description-input"
        />
      </Field>
      <Field label="Visibility" htmlFor="snippet-visibility">
        <Select
          id="snippet-visibility"
          options={VISIBILITIES}
          {...form.register('visibility')}
          data-testid="snippet-visibility-select"
        />
      </Field>
      {files.fields.map((field, i) => (
        <fieldset key={field.id} className="card" data-testid="snippet-file-row">
          <Field
            label={`File ${i + 1} path`}
            htmlFor={`snippet-file-${i}-path`}
            error={errors.files?.[i]?.path?.message}
          >
            <Input
              id={`snippet-file-${i}-path`}
              autoComplete="off"
              placeholder="example.rb"
              invalid={!!errors.files?.[i]?.path}
              {...form.register(`files.${i}.path`)}
              data-testid={`snippet-file-path-${i}`}
            />
          </Field>
          <Field
            label={`File ${i + 1} content`}
            htmlFor={`snippet-file-${i}-content`}
            error={errors.files?.[i]?.content?.message}
          >
            <Textarea
              id={`snippet-file-${i}-content`}
              rows={8}
              mono
              invalid={!!errors.files?.[i]?.content}
              {...form.register(`files.${i}.content`)}
              data-testid={`snippet-file-content-${i}`}
            />
          </Field>
          {files.fields.length > 1 && (
            <Button variant="link" onClick={() => files.remove(i)} data-testid={`snippet-file-remove-${i}`}>
              Remove file
            </Button>
          )}
        </fieldset>
      ))}
      <FormError message={errors.files?.message ?? errors.files?.root?.message} testId="snippet-error-files" />
      <div className="form-actions">
        <Button onClick={() => files.append({ path: '', content: '' })} data-testid="snippet-add-file">
          Add another file
        </Button>
        <Button
          type="submit"
          variant="primary"
          pending={save.isPending}
          pendingLabel="Saving…"
          data-testid="snippet-submit"
        >
          {snippet ? 'Save changes' : 'Create snippet'}
        </Button>
      </div>
    </form>
  )
}
