'use client'
// New / edit issue: title, description, labels (comma-separated), confidential, due date, weight.
// GitLab drops labels, due date and weight silently for callers below Planner; the page says so.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { IssueJson } from '@/lib/issues/schema'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Checkbox } from '../ui/checkbox'
import { DateInput } from '../ui/date-time'
import { Input, Textarea } from '../ui/input'

const schema = z.object({
  title: z.string().trim().min(1, "Title can't be blank").max(255, 'Title is too long (maximum is 255 characters)'),
  description: z.string(),
  labels: z.string(),
  confidential: z.boolean(),
  due_date: z.string().refine((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), 'Use YYYY-MM-DD'),
  weight: z.string().refine((s) => s.trim() === '' || /^\d+$/.test(s.trim()), 'Weight is a whole number, 0 or more'),
})
type Values = z.infer<typeof schema>

export interface IssueFormProps {
  projectId: number
  basePath: string
  /** Present when editing. */
  issue?: IssueJson
}

const FIELDS = ['title', 'description', 'labels', 'due_date', 'weight'] as const

export function IssueForm({ projectId, basePath, issue }: IssueFormProps) {
  const api = useApi()
  const router = useRouter()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: issue?.title ?? '',
      description: issue?.description ?? '',
      labels: issue?.labels.join(', ') ?? '',
      confidential: issue?.confidential ?? false,
      due_date: issue?.due_date ?? '',
      weight: issue?.weight === null || issue?.weight === undefined ? '' : String(issue.weight),
    },
  })
  const { errors } = form.formState
  const save = useMutation({
    mutationFn: async (v: Values) => {
      const fields = {
        title: v.title.trim(),
        description: v.description,
        labels: v.labels,
        confidential: v.confidential,
        ...(v.due_date || issue ? { due_date: v.due_date } : {}),
        ...(v.weight.trim() ? { weight: Number(v.weight.trim()) } : {}),
      }
      if (!issue) return api(endpoints.issue.create, { id: projectId, ...fields })
      return api(endpoints.issue.update, { id: projectId, issue_iid: issue.iid, ...fields })
    },
    onSuccess: (saved) => {
      router.push(`${basePath}/${saved.iid}`)
      router.refresh()
    },
    onError: (err) => applyApiErrors(err, form.setError, FIELDS),
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}
      data-testid="issue-form"
    >
      <FormError message={errors.root?.server?.message} testId="issue-error-form" />
      <Field label="Title" htmlFor="issue-title" error={errors.title?.message}>
        <Input
          id="issue-title"
          autoComplete="off"
          invalid={!!errors.title}
          {...form.register('title')}
          data-testid="issue-title-input"
        />
      </Field>
      <Field label="Description (optional)" htmlFor="issue-description" error={errors.description?.message}>
        <Textarea
          id="issue-description"
          rows={6}
          invalid={!!errors.description}
          {...form.register('description')}
          data-testid="issue-description-input"
        />
      </Field>
      <Field
        label="Labels (comma-separated)"
        htmlFor="issue-labels"
        error={errors.labels?.message}
        hint="Planners, Reporters and above set labels, due dates and weights."
      >
        <Input
          id="issue-labels"
          autoComplete="off"
          placeholder="bug, ux"
          invalid={!!errors.labels}
          {...form.register('labels')}
          data-testid="issue-labels-input"
        />
      </Field>
      <div className="field-row">
        <Field label="Due date" htmlFor="issue-due-date" error={errors.due_date?.message}>
          <DateInput
            id="issue-due-date"
            invalid={!!errors.due_date}
            {...form.register('due_date')}
            data-testid="issue-due-date-input"
          />
        </Field>
        <Field label="Weight" htmlFor="issue-weight" error={errors.weight?.message}>
          <Input
            id="issue-weight"
            inputMode="numeric"
            autoComplete="off"
            invalid={!!errors.weight}
            {...form.register('weight')}
            data-testid="issue-weight-input"
          />
        </Field>
      </div>
      <div className="field">
        <Checkbox
          label="Confidential — only Planners, Reporters and above, the author and assignees see it"
          {...form.register('confidential')}
          data-testid="issue-confidential-input"
        />
      </div>
      <Button
        type="submit"
        variant="primary"
        pending={save.isPending}
        pendingLabel="Saving…"
        data-testid="issue-submit"
      >
        {issue ? 'Save changes' : 'Create issue'}
      </Button>
    </form>
  )
}
