'use client'
// GitLab's new/edit schedule form: description, interval (presets or custom cron with its next five
// runs shown live), cron time zone, target branch or tag, active, and the variables and inputs
// editors. Without `schedule` it creates one; with it, it edits that schedule.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { DISPLAY_TIME_ZONES } from '@/lib/pipeline-schedules/timezones'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { NextRuns } from './next-runs'
import { scheduleErrors } from './schedule-errors'
import { CUSTOM_TZ, initialValues, scheduleFormSchema, type ScheduleFormValues as Values } from './schedule-form-values'
import { InputsEditor, VariablesEditor } from './schedule-lists-editor'
import { saveSchedule } from './schedule-save'
import { CRON_PRESETS, type PipelineSchedule } from './types'

const ZONES = Object.keys(DISPLAY_TIME_ZONES).filter((z) => z !== 'UTC')

export interface ScheduleFormProps {
  projectId: number
  defaultRef: string
  /** The schedule to edit (a single-schedule read, with variables and inputs). */
  schedule?: PipelineSchedule
  onDone?: () => void
}

export function ScheduleForm({ projectId, defaultRef, schedule, onDone }: ScheduleFormProps) {
  const api = useApi()
  const router = useRouter()
  const defaults = initialValues(defaultRef, ZONES, schedule)
  const form = useForm<Values>({ resolver: zodResolver(scheduleFormSchema), defaultValues: defaults })
  const { errors } = form.formState
  const [cron, tzChoice, tzCustom] = form.watch(['cron', 'tz_choice', 'tz_custom'])
  const timeZone = tzChoice === CUSTOM_TZ ? tzCustom : tzChoice
  const testId = schedule ? 'schedule-edit-form' : 'schedule-form'
  // Element ids and the preset radio group must not collide with the other form on the page.
  const idp = schedule ? `schedule-${schedule.id}` : 'schedule'

  const create = useMutation({
    mutationFn: (v: Values) => saveSchedule(api, projectId, { ...v, cron_timezone: v.tz_choice === CUSTOM_TZ ? v.tz_custom : v.tz_choice }, schedule),
    onSuccess: () => {
      if (!schedule) form.reset(defaults)
      onDone?.()
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
    <form noValidate onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))} data-testid={testId} style={{ marginBottom: 24 }}>
      <h3>{schedule ? 'Edit schedule' : 'New schedule'}</h3>
      <FormError message={errors.root?.server?.message} testId="schedule-error-form" />
      <Field label="Description" htmlFor={`${idp}-description`} error={errors.description?.message} errorTestId="schedule-error-description">
        <input id={`${idp}-description`} autoComplete="off" {...form.register('description')} data-testid="schedule-description-input" />
      </Field>
      <Field label="Interval pattern" htmlFor={`${idp}-cron`} error={errors.cron?.message} errorTestId="schedule-error-cron">
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 8 }}>
          {CRON_PRESETS.map((p) => (
            <label key={p.name} className="checkbox">
              <input
                type="radio"
                name={`${idp}-cron-preset`}
                checked={cron === p.cron}
                onChange={() => form.setValue('cron', p.cron, { shouldValidate: !!errors.cron })}
                data-testid={`schedule-cron-preset-${p.name}`}
              />
              <span>{p.label}</span>
            </label>
          ))}
        </div>
        <input id={`${idp}-cron`} autoComplete="off" placeholder="Custom (cron syntax), e.g. 0 4 * * 1-5" {...form.register('cron')} data-testid="schedule-cron-input" />
        <NextRuns cron={cron} timeZone={timeZone} />
      </Field>
      <Field label="Cron timezone" htmlFor={`${idp}-timezone`} error={errors.tz_choice?.message} errorTestId="schedule-error-cron_timezone">
        <select id={`${idp}-timezone`} {...form.register('tz_choice')} data-testid="schedule-timezone-select">
          <option value="UTC">UTC</option>
          {ZONES.map((z) => (
            <option key={z} value={z}>
              {z} ({DISPLAY_TIME_ZONES[z]})
            </option>
          ))}
          <option value={CUSTOM_TZ}>Other (IANA name)…</option>
        </select>
        {tzChoice === CUSTOM_TZ && <input aria-label="IANA time zone" placeholder="Europe/Berlin" {...form.register('tz_custom')} data-testid="schedule-timezone-custom-input" />}
      </Field>
      <Field label="Target branch or tag" htmlFor={`${idp}-ref`} error={errors.ref?.message} errorTestId="schedule-error-ref">
        <input id={`${idp}-ref`} autoComplete="off" {...form.register('ref')} data-testid="schedule-ref-input" />
      </Field>
      <Field label="Activated" htmlFor={`${idp}-active`}>
        <label className="checkbox">
          <input id={`${idp}-active`} type="checkbox" {...form.register('active')} data-testid="schedule-active-checkbox" />
          <span>Active</span>
        </label>
      </Field>
      <VariablesEditor control={form.control} register={form.register} />
      <InputsEditor control={form.control} register={form.register} />
      <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="schedule-submit">
        {create.isPending ? 'Saving…' : schedule ? 'Save changes' : 'Create pipeline schedule'}
      </button>
    </form>
  )
}
