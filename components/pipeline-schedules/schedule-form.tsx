'use client'
// GitLab's "New schedule" form: description, interval (presets or custom cron with its next five
// runs shown live), cron time zone, target branch or tag, and whether it is active.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { DISPLAY_TIME_ZONES } from '@/lib/pipeline-schedules/timezones'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { NextRuns } from './next-runs'
import { scheduleErrors } from './schedule-errors'
import { CRON_PRESETS } from './types'

const CUSTOM_TZ = '__custom__'
const schema = z.object({
  description: z.string().trim().min(1, "Description can't be blank"),
  cron: z.string().trim().min(1, "Cron can't be blank"),
  tz_choice: z.string(),
  tz_custom: z.string().trim(),
  ref: z.string().trim().min(1, "Target branch or tag can't be blank"),
  active: z.boolean(),
})
type Values = z.infer<typeof schema>

const ZONES = Object.keys(DISPLAY_TIME_ZONES).filter((z) => z !== 'UTC')

export function ScheduleForm({ projectId, defaultRef }: { projectId: number; defaultRef: string }) {
  const api = useApi()
  const router = useRouter()
  const defaults: Values = { description: '', cron: '', tz_choice: 'UTC', tz_custom: '', ref: defaultRef, active: true }
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults })
  const { errors } = form.formState
  const [cron, tzChoice, tzCustom] = form.watch(['cron', 'tz_choice', 'tz_custom'])
  const timeZone = tzChoice === CUSTOM_TZ ? tzCustom : tzChoice

  const create = useMutation({
    mutationFn: (v: Values) =>
      api('POST', `/projects/${projectId}/pipeline_schedules`, {
        json: { description: v.description, cron: v.cron, cron_timezone: v.tz_choice === CUSTOM_TZ ? v.tz_custom : v.tz_choice, ref: v.ref, active: v.active },
      }),
    onSuccess: () => {
      form.reset(defaults)
      router.refresh()
    },
    onError: (err) => {
      for (const { field, message } of scheduleErrors(err)) {
        if (field === 'root') form.setError('root.server', { message })
        else form.setError(field === 'cron_timezone' ? 'tz_choice' : field, { message })
      }
    },
  })

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))} data-testid="schedule-form" style={{ marginBottom: 24 }}>
      <h3>New schedule</h3>
      <FormError message={errors.root?.server?.message} testId="schedule-error-form" />
      <Field label="Description" htmlFor="schedule-description" error={errors.description?.message} errorTestId="schedule-error-description">
        <input id="schedule-description" autoComplete="off" {...form.register('description')} data-testid="schedule-description-input" />
      </Field>
      <Field label="Interval pattern" htmlFor="schedule-cron" error={errors.cron?.message} errorTestId="schedule-error-cron">
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 8 }}>
          {CRON_PRESETS.map((p) => (
            <label key={p.name} className="checkbox">
              <input
                type="radio"
                name="cron-preset"
                checked={cron === p.cron}
                onChange={() => form.setValue('cron', p.cron, { shouldValidate: !!errors.cron })}
                data-testid={`schedule-cron-preset-${p.name}`}
              />
              <span>{p.label}</span>
            </label>
          ))}
        </div>
        <input id="schedule-cron" autoComplete="off" placeholder="Custom (cron syntax), e.g. 0 4 * * 1-5" {...form.register('cron')} data-testid="schedule-cron-input" />
        <NextRuns cron={cron} timeZone={timeZone} />
      </Field>
      <Field label="Cron timezone" htmlFor="schedule-timezone" error={errors.tz_choice?.message} errorTestId="schedule-error-cron_timezone">
        <select id="schedule-timezone" {...form.register('tz_choice')} data-testid="schedule-timezone-select">
          <option value="UTC">UTC</option>
          {ZONES.map((z) => (
            <option key={z} value={z}>
              {z} ({DISPLAY_TIME_ZONES[z]})
            </option>
          ))}
          <option value={CUSTOM_TZ}>Other (IANA name)…</option>
        </select>
        {tzChoice === CUSTOM_TZ && (
          <input aria-label="IANA time zone" placeholder="Europe/Berlin" {...form.register('tz_custom')} data-testid="schedule-timezone-custom-input" />
        )}
      </Field>
      <Field label="Target branch or tag" htmlFor="schedule-ref" error={errors.ref?.message} errorTestId="schedule-error-ref">
        <input id="schedule-ref" autoComplete="off" {...form.register('ref')} data-testid="schedule-ref-input" />
      </Field>
      <Field label="Activated" htmlFor="schedule-active">
        <label className="checkbox">
          <input id="schedule-active" type="checkbox" {...form.register('active')} data-testid="schedule-active-checkbox" />
          <span>Active</span>
        </label>
      </Field>
      <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="schedule-submit">
        {create.isPending ? 'Saving…' : 'Create pipeline schedule'}
      </button>
    </form>
  )
}
