'use client'
// Cleanup of one repository's tags by GitLab's bulk-deletion rules (Maintainer+). "Preview" is a
// dry run showing each tag's fate; "Run cleanup" then sends exactly the previewed rules, so it
// stays disabled until a preview of the current values exists.
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { QueuedTaskJson } from '@/lib/queue/schema'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { cleanupErrors } from './cleanup-errors'
import { CleanupPreview, type CleanupPreviewJson } from './cleanup-preview'
import { CleanupProgress } from './cleanup-progress'
import {
  CLEANUP_FIELDS,
  EMPTY_CLEANUP,
  cleanupParams,
  type CleanupErrors,
  type CleanupField,
  type CleanupValues,
} from './cleanup-values'
import { useCleanupRun } from './use-cleanup-run'

const INPUTS: { field: CleanupField; label: string; placeholder: string; hint: string; type?: 'number' }[] = [
  {
    field: 'name_regex_delete',
    label: 'Delete tags matching (required)',
    placeholder: '.*',
    hint: 'A regular expression (RE2) matched against the whole tag name; .* matches every tag.',
  },
  {
    field: 'name_regex_keep',
    label: 'Keep tags matching',
    placeholder: 'v\\d+\\.\\d+\\.\\d+',
    hint: 'Tags matching this expression are kept even when they match the one above.',
  },
  {
    field: 'keep_n',
    label: 'Keep the newest',
    placeholder: '5',
    hint: 'Keeps this many of the most recent matching tags.',
    type: 'number',
  },
  {
    field: 'older_than',
    label: 'Older than',
    placeholder: '7d',
    hint: 'Deletes only tags older than this: 1h, 7d, 2w, 1month, 1y.',
  },
]

const sameValues = (a: CleanupValues, b: CleanupValues) => CLEANUP_FIELDS.every((f) => a[f] === b[f])

export function CleanupForm({
  projectId,
  repositoryId,
  lastTask,
}: {
  projectId: number
  repositoryId: number
  lastTask: QueuedTaskJson | null
}) {
  const api = useApi()
  const [values, setValues] = useState<CleanupValues>(EMPTY_CLEANUP)
  const [errors, setErrors] = useState<CleanupErrors>({})
  const [preview, setPreview] = useState<{ values: CleanupValues; result: CleanupPreviewJson } | null>(null)
  const { task, run, followError, busy } = useCleanupRun(projectId, repositoryId, lastTask)

  const previewCall = useMutation({
    mutationFn: (v: CleanupValues) =>
      api(endpoints.containerRegistry.cleanupPreview, cleanupParams(projectId, repositoryId, v)),
    onMutate: () => setErrors({}),
    onSuccess: (result, v) => setPreview({ values: v, result }),
    onError: (err) => {
      setPreview(null)
      setErrors(cleanupErrors(err))
    },
  })

  const submitPreview = () => {
    if (!values.name_regex_delete.trim()) {
      setErrors({ name_regex_delete: 'Enter the tags to delete as a regular expression (.* for every tag).' })
      return
    }
    previewCall.mutate(values)
  }
  const runCleanup = (previewed: CleanupValues) => {
    setErrors({})
    run.mutate(cleanupParams(projectId, repositoryId, previewed), {
      onSuccess: () => setPreview(null),
      onError: (err) => setErrors(cleanupErrors(err)),
    })
  }
  const current = preview && sameValues(preview.values, values) ? preview : null

  return (
    <section className="card" data-testid="cleanup-section">
      <h2>Clean up tags</h2>
      <p className="muted">
        Delete many tags at once by the rules of GitLab&apos;s cleanup policies: the <code>latest</code> tag and
        protected tags always stay. Preview first; the cleanup runs in the background, at most once an hour per image.
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submitPreview()
        }}
        data-testid="cleanup-form"
      >
        <FormError message={errors.root ?? followError?.message} testId="cleanup-error-form" />
        {INPUTS.map(({ field, label, placeholder, hint, type }) => (
          <Field
            key={field}
            label={label}
            htmlFor={`cleanup-${field}`}
            error={errors[field]}
            hint={hint}
            errorTestId={`cleanup-error-${field}`}
          >
            <Input
              id={`cleanup-${field}`}
              type={type}
              min={type === 'number' ? 0 : undefined}
              autoComplete="off"
              invalid={!!errors[field]}
              placeholder={placeholder}
              value={values[field]}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              data-testid={`cleanup-input-${field}`}
            />
          </Field>
        ))}
        <div className="form-actions">
          <Button
            type="submit"
            disabled={busy}
            pending={previewCall.isPending}
            pendingLabel="Previewing…"
            data-testid="cleanup-preview-button"
          >
            Preview
          </Button>
          <Button
            variant="danger"
            disabled={!current}
            pending={busy}
            pendingLabel="Cleaning up…"
            onClick={() => current && runCleanup(current.values)}
            data-testid="cleanup-run"
            title={current ? undefined : 'Preview the current rules first'}
          >
            {current
              ? `Run cleanup (${current.result.delete_count} ${current.result.delete_count === 1 ? 'tag' : 'tags'})`
              : 'Run cleanup'}
          </Button>
        </div>
      </form>
      {task && <CleanupProgress task={task} />}
      {current && <CleanupPreview preview={current.result} />}
    </section>
  )
}
