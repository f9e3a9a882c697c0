'use client'
// Sets a feature flag on or off, for everyone or for one user, project or group (POST /features/:name).
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { endpoints } from '@/lib/console/endpoint-refs'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { ACTOR_LABELS, errorField, featureFlagFormSchema, SCOPE_LABELS, SCOPES, toApiParams, type FeatureFlagFormInput, type FeatureFlagFormOutput } from './form-schema'

const DEFAULTS: FeatureFlagFormInput = { name: '', value: 'true', scope: 'everyone', actor: '' }

export function FeatureFlagForm({ knownNames }: { knownNames: readonly string[] }) {
  const api = useApi()
  const router = useRouter()
  const [done, setDone] = useState<string | null>(null)
  const form = useForm<FeatureFlagFormInput, unknown, FeatureFlagFormOutput>({ resolver: zodResolver(featureFlagFormSchema), defaultValues: DEFAULTS })
  const { errors } = form.formState
  const scope = form.watch('scope')

  const save = useMutation({
    mutationFn: (v: FeatureFlagFormOutput) => api(endpoints.feature.set, toApiParams(v)),
    onMutate: () => setDone(null),
    onSuccess: (flag, v) => {
      const whom = v.scope === 'everyone' ? 'everyone' : `${v.scope} ${v.actor}`
      setDone(`${flag.name} is ${v.value === 'true' ? 'on' : 'off'} for ${whom}; its state is now ${flag.state}.`)
      form.reset({ ...DEFAULTS, scope: v.scope })
      router.refresh() // the server-rendered table picks up the change
    },
    onError: (err) => {
      const field = errorField(err.message)
      form.setError(field ?? 'root.server', { message: err.message })
    },
  })

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))} data-testid="feature-flag-form">
      <FormError message={errors.root?.server?.message} />
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Field label="Name" htmlFor="feature-flag-name" error={errors.name?.message} hint="A known flag or any other name.">
          <input id="feature-flag-name" type="text" list="feature-flag-names" autoComplete="off" {...form.register('name')} data-testid="feature-flag-name-input" />
        </Field>
        <datalist id="feature-flag-names">
          {knownNames.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <Field label="Value" htmlFor="feature-flag-value" error={errors.value?.message}>
          <select id="feature-flag-value" {...form.register('value')} data-testid="feature-flag-value-select">
            <option value="true">On</option>
            <option value="false">Off</option>
          </select>
        </Field>
        <Field label="For" htmlFor="feature-flag-scope" error={errors.scope?.message}>
          <select id="feature-flag-scope" {...form.register('scope')} data-testid="feature-flag-scope-select">
            {SCOPES.map((s) => (
              <option key={s} value={s}>
                {SCOPE_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        {scope !== 'everyone' && (
          <Field label={ACTOR_LABELS[scope]} htmlFor="feature-flag-actor" error={errors.actor?.message}>
            <input id="feature-flag-actor" type="text" autoComplete="off" {...form.register('actor')} data-testid="feature-flag-actor-input" />
          </Field>
        )}
      </div>
      <p className="muted small">Setting a flag for everyone replaces its user, project and group gates; setting it for one of them leaves the others as they are.</p>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="feature-flag-submit">
          {save.isPending ? 'Saving…' : 'Set feature flag'}
        </button>
        {done && (
          <span className="saved-note" role="status" data-testid="feature-flag-saved">
            {done}
          </span>
        )}
      </div>
    </form>
  )
}
