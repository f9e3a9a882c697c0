'use client'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Checkbox } from '../ui/checkbox'
import { Input } from '../ui/input'
import { useToast } from '../ui/toast'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { NewRunnerDialog, type CreatedRunner } from './new-runner-dialog'

const schema = z.object({
  description: z.string().max(1024, 'Description is too long (maximum is 1024 characters)'),
  tag_list: z.string(),
  run_untagged: z.boolean(),
  paused: z.boolean(),
  maximum_timeout: z
    .string()
    .refine(
      (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 600),
      'Maximum timeout needs to be at least 10 minutes (600 seconds)',
    ),
})
type Values = z.infer<typeof schema>
const FIELDS = ['description', 'tag_list', 'run_untagged', 'paused', 'maximum_timeout'] as const

export interface RunnerOwner {
  runner_type: 'instance_type' | 'group_type' | 'project_type'
  group_id?: number
  project_id?: number
}

/**
 * "New runner": POST /user/runners, then the token, shown once in a dialog with the commands that
 * start the bundled runner with it (a real gitlab-runner takes the same token).
 */
export function NewRunnerForm({ owner, serverUrl }: { owner: RunnerOwner; serverUrl: string }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [created, setCreated] = useState<CreatedRunner | null>(null)
  const defaults: Values = { description: '', tag_list: '', run_untagged: true, paused: false, maximum_timeout: '' }
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults })
  const { errors } = form.formState
  const create = useMutation({
    mutationFn: (v: Values) =>
      api.quiet(endpoints.runner.create, {
        ...owner,
        description: v.description,
        tag_list: v.tag_list,
        run_untagged: v.run_untagged,
        paused: v.paused,
        ...(v.maximum_timeout ? { maximum_timeout: Number(v.maximum_timeout) } : {}),
      }),
    onSuccess: (r) => {
      setCreated({ id: r.id, token: r.token })
      toast.success(`Runner #${r.id} created.`)
      form.reset(defaults)
      router.refresh()
    },
    onError: (err) => applyApiErrors(err, form.setError, FIELDS),
  })
  return (
    <div data-testid="new-runner">
      <NewRunnerDialog runner={created} serverUrl={serverUrl} onClose={() => setCreated(null)} />
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))}
        data-testid="new-runner-form"
      >
        <FormError message={errors.root?.server?.message} />
        <Field label="Description" htmlFor="runner-description" error={errors.description?.message}>
          <Input
            id="runner-description"
            invalid={!!errors.description}
            {...form.register('description')}
            data-testid="runner-description-input"
          />
        </Field>
        <Field
          label="Tags"
          htmlFor="runner-tags"
          error={errors.tag_list?.message}
          hint="Comma-separated; jobs with these tags run here."
        >
          <Input
            id="runner-tags"
            invalid={!!errors.tag_list}
            {...form.register('tag_list')}
            placeholder="linux, docker"
            data-testid="runner-tags-input"
          />
        </Field>
        <Field
          label="Maximum job timeout (seconds)"
          htmlFor="runner-timeout"
          error={errors.maximum_timeout?.message}
          hint="Empty: the project's timeout applies."
        >
          <Input
            id="runner-timeout"
            inputMode="numeric"
            invalid={!!errors.maximum_timeout}
            {...form.register('maximum_timeout')}
            data-testid="runner-timeout-input"
          />
        </Field>
        <div className="field">
          <Checkbox label="Run untagged jobs" {...form.register('run_untagged')} data-testid="runner-untagged-input" />
          <Checkbox
            label="Paused (takes no jobs until resumed)"
            {...form.register('paused')}
            data-testid="runner-paused-input"
          />
        </div>
        <div className="form-actions">
          <Button
            type="submit"
            variant="primary"
            pending={create.isPending}
            pendingLabel="Creating…"
            data-testid="new-runner-submit"
          >
            Create runner
          </Button>
        </div>
      </form>
    </div>
  )
}

/** Pause or resume a runner (PUT /runners/:id). */
export function PauseButton({ id, paused }: { id: number; paused: boolean }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const toggle = useMutation({
    mutationFn: () => api.quiet(endpoints.runner.update, { id, paused: !paused }),
    onSuccess: () => {
      toast.success(`Runner #${id} ${paused ? 'resumed' : 'paused'}.`)
      router.refresh()
    },
  })
  return (
    <>
      <Button
        pending={toggle.isPending}
        pendingLabel={paused ? 'Resuming…' : 'Pausing…'}
        onClick={() => toggle.mutate()}
        data-testid={`runner-${id}-${paused ? 'resume' : 'pause'}`}
      >
        {paused ? 'Resume' : 'Pause'}
      </Button>
      {toggle.error && (
        <span className="field-error" role="alert">
          {toggle.error.message}
        </span>
      )}
    </>
  )
}
