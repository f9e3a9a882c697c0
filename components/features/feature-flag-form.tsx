'use client'
// Sets a feature flag on or off, for everyone or for one user, project or group (POST /features/:name).
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { Select } from '../ui/select'
import { useToast } from '../ui/toast'
import {
  ACTOR_LABELS,
  errorField,
  featureFlagFormSchema,
  SCOPE_LABELS,
  SCOPES,
  toApiParams,
  type FeatureFlagFormInput,
  type FeatureFlagFormOutput,
} from './form-schema'

const DEFAULTS: FeatureFlagFormInput = { name: '', value: 'true', scope: 'everyone', actor: '' }

export function FeatureFlagForm({ knownNames }: { knownNames: readonly string[] }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [done, setDone] = useState<string | null>(null)
  const form = useForm<FeatureFlagFormInput, unknown, FeatureFlagFormOutput>({
    resolver: zodResolver(featureFlagFormSchema),
    defaultValues: DEFAULTS,
  })
  const { errors } = form.formState
  const scope = form.watch('scope')

  const save = useMutation({
    mutationFn: (v: FeatureFlagFormOutput) => api.quiet(endpoints.feature.set, toApiParams(v)),
    onMutate: () => setDone(null),
    onSuccess: (flag, v) => {
      const whom = v.scope === 'everyone' ? 'everyone' : `${v.scope} ${v.actor}`
      const text = `${flag.name} is ${v.value === 'true' ? 'on' : 'off'} for ${whom}; its state is now ${flag.state}.`
      setDone(text)
      toast.success(text)
      form.reset({ ...DEFAULTS, scope: v.scope })
      router.refresh() // the server-rendered table picks up the change
    },
    onError: (err) => {
      const field = errorField(err.message)
      form.setError(field ?? 'root.server', { message: err.message })
    },
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}
      data-testid="feature-flag-form"
    >
      <FormError message={errors.root?.server?.message} />
      <div className="field-row">
        <Field
          label="Name"
          htmlFor="feature-flag-name"
          error={errors.name?.message}
          hint="A known flag or any other name."
        >
          <Input
            id="feature-flag-name"
            type="text"
            list="feature-flag-names"
            autoComplete="off"
            invalid={!!errors.name}
            {...form.register('name')}
            data-testid="feature-flag-name-input"
          />
        </Field>
        <datalist id="feature-flag-names">
          {knownNames.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <Field label="Value" htmlFor="feature-flag-value" error={errors.value?.message}>
          <Select
            id="feature-flag-value"
            options={[
              ['true', 'On'],
              ['false', 'Off'],
            ]}
            {...form.register('value')}
            data-testid="feature-flag-value-select"
          />
        </Field>
        <Field label="For" htmlFor="feature-flag-scope" error={errors.scope?.message}>
          <Select
            id="feature-flag-scope"
            options={SCOPES.map((s) => [s, SCOPE_LABELS[s]] as const)}
            {...form.register('scope')}
            data-testid="feature-flag-scope-select"
          />
        </Field>
        {scope !== 'everyone' && (
          <Field label={ACTOR_LABELS[scope]} htmlFor="feature-flag-actor" error={errors.actor?.message}>
            <Input
              id="feature-flag-actor"
              type="text"
              autoComplete="off"
              invalid={!!errors.actor}
              {...form.register('actor')}
              data-testid="feature-flag-actor-input"
            />
          </Field>
        )}
      </div>
      <p className="muted small">
        Setting a flag for everyone replaces its user, project and group gates; setting it for one of them leaves the
        others as they are.
      </p>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          pending={save.isPending}
          pendingLabel="Saving…"
          data-testid="feature-flag-submit"
        >
          Set feature flag
        </Button>
        {done && (
          <span className="saved-note" role="status" data-testid="feature-flag-saved">
            {done}
          </span>
        )}
      </div>
    </form>
  )
}
