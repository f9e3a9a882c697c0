'use client'
import { useMutation } from '@tanstack/react-query'
import Link from 'next/link'
import { useForm } from 'react-hook-form'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Button, Field, FormError, Input, Select } from '../ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

interface Values {
  name: string
  path: string
  parent_id: string
  file: FileList | null
}
const FIELDS = ['name', 'path', 'parent_id', 'file'] as const

/**
 * Import a group from a GitLab export archive (POST /groups/import, multipart): the archive is
 * checked at once (errors show here, a field's at the field), the tree is built in the background.
 */
export function GroupImportForm({
  parents,
  initialParent,
}: {
  parents: { id: number; full_path: string }[]
  initialParent?: number
}) {
  const api = useApi()
  const parent = initialParent && parents.some((p) => p.id === initialParent) ? String(initialParent) : ''
  const form = useForm<Values>({ defaultValues: { name: '', path: '', parent_id: parent, file: null } })
  const { errors } = form.formState
  const options = [
    ['', 'None (a top-level group)'] as const,
    ...parents.map((p) => [String(p.id), p.full_path] as const),
  ]

  const start = useMutation({
    mutationFn: ({ name, path, parent_id, file }: Values & { file: FileList }) =>
      api.multipart(
        endpoints.groupExport.import,
        {},
        { name, path, file: file[0], ...(parent_id ? { parent_id } : {}) },
      ),
    onError: (err) => applyApiErrors(err, form.setError, FIELDS),
  })
  const submit = form.handleSubmit((v) => {
    start.reset()
    const file = v.file?.length ? v.file : null
    // One message for the three, as the page has always said it.
    if (!v.name || !v.path || !file) {
      form.setError('root.server', { message: 'Name, path and an export file are required.' })
      return
    }
    return start.mutateAsync({ ...v, file }).catch(() => undefined)
  })
  const done = start.isSuccess ? start.variables : null
  const destination = done
    ? done.parent_id
      ? `${parents.find((p) => String(p.id) === done.parent_id)?.full_path ?? done.parent_id}/${done.path}`
      : done.path
    : null

  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="group-import-form">
      <FormError message={errors.root?.server?.message} testId="group-import-error" />
      {destination && (
        <div className="alert alert-success" role="status" data-testid="group-import-started">
          Import started: <Link href={`/groups/${destination}`}>{destination}</Link> fills in within moments (Admin →
          Background tasks shows progress).
        </div>
      )}
      <Field label="Group name" htmlFor="import-name" error={errors.name?.message}>
        <Input id="import-name" invalid={!!errors.name} {...form.register('name')} data-testid="group-import-name" />
      </Field>
      <Field label="Group URL (path)" htmlFor="import-path" error={errors.path?.message}>
        <Input id="import-path" invalid={!!errors.path} {...form.register('path')} data-testid="group-import-path" />
      </Field>
      <Field label="Parent group" htmlFor="import-parent" error={errors.parent_id?.message}>
        <Select
          id="import-parent"
          options={options}
          invalid={!!errors.parent_id}
          {...form.register('parent_id')}
          data-testid="group-import-parent"
        />
      </Field>
      <Field label="GitLab group export file (.tar.gz)" htmlFor="import-file" error={errors.file?.message}>
        <Input
          id="import-file"
          type="file"
          accept=".gz,.tgz,application/gzip"
          invalid={!!errors.file}
          {...form.register('file')}
          data-testid="group-import-file"
        />
      </Field>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          pending={start.isPending}
          pendingLabel="Uploading…"
          data-testid="group-import-submit"
        >
          Import group
        </Button>
      </div>
    </form>
  )
}
