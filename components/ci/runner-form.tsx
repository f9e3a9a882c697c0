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
import { endpoints } from '@/lib/console/endpoint-refs'
import type { BodyOf } from '@/lib/api/endpoint'

const schema = z.object({
  description: z.string().max(1024, 'Description is too long (maximum is 1024 characters)'),
  tag_list: z.string(),
  run_untagged: z.boolean(),
  paused: z.boolean(),
  maximum_timeout: z.string().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 600), 'Maximum timeout needs to be at least 10 minutes (600 seconds)'),
})
type Values = z.infer<typeof schema>
const FIELDS = ['description', 'tag_list', 'run_untagged', 'paused', 'maximum_timeout'] as const

export interface RunnerOwner {
  runner_type: 'instance_type' | 'group_type' | 'project_type'
  group_id?: number
  project_id?: number
}

/**
 * "New runner": POST /user/runners, then the token, shown once, with the commands that start the
 * bundled runner with it (a real gitlab-runner takes the same token).
 */
export function NewRunnerForm({ owner, serverUrl }: { owner: RunnerOwner; serverUrl: string }) {
  const api = useApi()
  const router = useRouter()
  const [created, setCreated] = useState<BodyOf<typeof endpoints.runner.create> | null>(null)
  const defaults: Values = { description: '', tag_list: '', run_untagged: true, paused: false, maximum_timeout: '' }
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults })
  const { errors } = form.formState
  const create = useMutation({
    mutationFn: (v: Values) =>
      api(endpoints.runner.create, {
        ...owner,
        description: v.description,
        tag_list: v.tag_list,
        run_untagged: v.run_untagged,
        paused: v.paused,
        ...(v.maximum_timeout ? { maximum_timeout: Number(v.maximum_timeout) } : {}),
      }),
    onSuccess: (r) => {
      setCreated(r)
      form.reset(defaults)
      router.refresh()
    },
    onError: (err) => applyApiErrors(err, form.setError, FIELDS),
  })
  return (
    <div data-testid="new-runner">
      {created && (
        <div className="token-box" data-testid="new-runner-token-box">
          <strong>Runner #{created.id} created. Copy its token now: it is not shown again.</strong>
          <code data-testid="new-runner-token">{created.token}</code>
          <span className="small">Start the bundled runner with it:</span>
          <pre data-testid="new-runner-command">{`npm run runner -- register --url ${serverUrl} --token ${created.token}\nnpm run runner -- run`}</pre>
          <button type="button" className="btn btn-link" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
      <form noValidate onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))} data-testid="new-runner-form">
        <FormError message={errors.root?.server?.message} />
        <Field label="Description" htmlFor="runner-description" error={errors.description?.message}>
          <input id="runner-description" {...form.register('description')} data-testid="runner-description-input" />
        </Field>
        <Field label="Tags" htmlFor="runner-tags" error={errors.tag_list?.message} hint="Comma-separated; jobs with these tags run here.">
          <input id="runner-tags" {...form.register('tag_list')} placeholder="linux, docker" data-testid="runner-tags-input" />
        </Field>
        <Field label="Maximum job timeout (seconds)" htmlFor="runner-timeout" error={errors.maximum_timeout?.message} hint="Empty: the project's timeout applies.">
          <input id="runner-timeout" inputMode="numeric" {...form.register('maximum_timeout')} data-testid="runner-timeout-input" />
        </Field>
        <label className="checkbox">
          <input type="checkbox" {...form.register('run_untagged')} data-testid="runner-untagged-input" /> Run untagged jobs
        </label>
        <label className="checkbox">
          <input type="checkbox" {...form.register('paused')} /> Paused (takes no jobs until resumed)
        </label>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="new-runner-submit">
            {create.isPending ? 'Creating…' : 'Create runner'}
          </button>
        </div>
      </form>
    </div>
  )
}

/** Pause or resume a runner (PUT /runners/:id). */
export function PauseButton({ id, paused }: { id: number; paused: boolean }) {
  const api = useApi()
  const router = useRouter()
  const toggle = useMutation({ mutationFn: () => api(endpoints.runner.update, { id, paused: !paused }), onSuccess: () => router.refresh() })
  return (
    <>
      <button type="button" className="btn" disabled={toggle.isPending} onClick={() => toggle.mutate()} data-testid={`runner-${id}-${paused ? 'resume' : 'pause'}`}>
        {paused ? 'Resume' : 'Pause'}
      </button>
      {toggle.error && (
        <span className="field-error" role="alert">
          {toggle.error.message}
        </span>
      )}
    </>
  )
}

/** A registration token, hidden until revealed; Reset makes a new one (the old stops working). */
/** The endpoints that reset a group's or project's registration token (both answer `{ token }`). */
type ResetEndpoint = typeof endpoints.runner.resetGroupRegistrationToken | typeof endpoints.runner.resetProjectRegistrationToken

export function RegistrationToken({ token, reset: resetCall }: { token: string | null; reset: { endpoint: ResetEndpoint; params: { id: number } } }) {
  const api = useApi()
  const router = useRouter()
  const [shown, setShown] = useState(false)
  const [value, setValue] = useState(token)
  const [done, setDone] = useState(false)
  const reset = useMutation({
    mutationFn: () => api(resetCall.endpoint, resetCall.params),
    onSuccess: (r) => {
      setValue(r.token)
      setShown(true)
      setDone(true)
      router.refresh()
    },
  })
  return (
    <div className="token-box" data-testid="registration-token">
      <span className="small">
        Registration token (legacy registration with <code>npm run runner -- register --token …</code>):
      </span>
      <code data-testid="registration-token-value">{shown ? value : '••••••••••••••••••••'}</code>
      <div className="actions">
        <button type="button" className="btn" onClick={() => setShown(!shown)} data-testid="registration-token-reveal">
          {shown ? 'Hide' : 'Reveal'}
        </button>
        <button type="button" className="btn btn-danger-outline" disabled={reset.isPending} onClick={() => reset.mutate()} data-testid="registration-token-reset">
          Reset token
        </button>
      </div>
      {done && (
        <span className="small" role="status" data-testid="registration-token-reset-done">
          A new token was made; the old one no longer registers runners.
        </span>
      )}
      {reset.error && (
        <span className="field-error" role="alert">
          {reset.error.message}
        </span>
      )}
    </div>
  )
}
