'use client'
// New / edit epic: title, description, labels (comma-separated), confidentiality and the fixed start
// and due dates. An empty date field unfixes that date; the API answers the saved epic.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { EpicJson } from '@/lib/epics/schema'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Checkbox } from '../ui/checkbox'
import { DateInput } from '../ui/date-time'
import { Input, Textarea } from '../ui/input'

const dateField = z.string().refine((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), 'Enter a date as YYYY-MM-DD')
const schema = z
  .object({
    title: z.string().trim().min(1, "Title can't be blank").max(255, 'Title is too long (at most 255 characters)'),
    description: z.string(),
    labels: z.string(),
    confidential: z.boolean(),
    start_date: dateField,
    due_date: dateField,
  })
  .refine((v) => !v.start_date || !v.due_date || v.start_date <= v.due_date, {
    path: ['due_date'],
    message: 'The due date cannot be before the start date',
  })
type Values = z.infer<typeof schema>

export interface EpicFormProps {
  groupId: number
  basePath: string
  /** Present when editing. */
  epic?: EpicJson
}

export function EpicForm({ groupId, basePath, epic }: EpicFormProps) {
  const api = useApi()
  const router = useRouter()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: epic?.title ?? '',
      description: epic?.description ?? '',
      labels: epic?.labels.join(', ') ?? '',
      confidential: epic?.confidential ?? false,
      start_date: epic?.start_date ?? '',
      due_date: epic?.due_date ?? '',
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
        start_date_is_fixed: v.start_date !== '',
        due_date_is_fixed: v.due_date !== '',
        ...(v.start_date ? { start_date_fixed: v.start_date } : {}),
        ...(v.due_date ? { due_date_fixed: v.due_date } : {}),
      }
      return epic
        ? api(endpoints.epic.update, { id: groupId, epic_iid: epic.iid, ...fields })
        : api(endpoints.epic.create, { id: groupId, ...fields })
    },
    onSuccess: (saved) => {
      router.push(`${basePath}/${saved.iid}`)
      router.refresh()
    },
    onError: (err) => applyApiErrors(err, form.setError, ['title', 'description', 'labels', 'start_date', 'due_date']),
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}
      data-testid="epic-form"
    >
      <FormError message={errors.root?.server?.message} testId="epic-error-form" />
      <Field label="Title" htmlFor="epic-title-input" error={errors.title?.message}>
        <Input
          id="epic-title-input"
          autoComplete="off"
          invalid={!!errors.title}
          {...form.register('title')}
          data-testid="epic-title-input"
        />
      </Field>
      <Field label="Description (optional)" htmlFor="epic-description-input" error={errors.description?.message}>
        <Textarea
          id="epic-description-input"
          rows={5}
          invalid={!!errors.description}
          {...form.register('description')}
          data-testid="epic-description-input"
        />
      </Field>
      <Field
        label="Labels (optional)"
        htmlFor="epic-labels-input"
        hint="Comma-separated, e.g. backend, q3"
        error={errors.labels?.message}
      >
        <Input
          id="epic-labels-input"
          autoComplete="off"
          invalid={!!errors.labels}
          {...form.register('labels')}
          data-testid="epic-labels-input"
        />
      </Field>
      <div className="field-row">
        <Field label="Start date (optional)" htmlFor="epic-start-date-input" error={errors.start_date?.message}>
          <DateInput
            id="epic-start-date-input"
            invalid={!!errors.start_date}
            {...form.register('start_date')}
            data-testid="epic-start-date-input"
          />
        </Field>
        <Field label="Due date (optional)" htmlFor="epic-due-date-input" error={errors.due_date?.message}>
          <DateInput
            id="epic-due-date-input"
            invalid={!!errors.due_date}
            {...form.register('due_date')}
            data-testid="epic-due-date-input"
          />
        </Field>
      </div>
      <div className="field">
        <Checkbox
          label="Confidential — only Planners, Reporters and above see it"
          {...form.register('confidential')}
          data-testid="epic-confidential-input"
        />
      </div>
      <Button type="submit" variant="primary" pending={save.isPending} pendingLabel="Saving…" data-testid="epic-submit">
        {epic ? 'Save changes' : 'Create epic'}
      </Button>
    </form>
  )
}
