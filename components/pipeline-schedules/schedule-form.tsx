'use client'
// GitLab's new/edit schedule form: description, interval (presets or custom cron with its next five
// runs shown live), cron time zone, target branch or tag, active, and the variables and inputs
// editors. Without `schedule` it creates one; with it, it edits that schedule.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { Button, Checkbox, Field, FormError, Input, useToast } from '@/components/ui'
import { CUSTOM_ZONE, zoneApiValue } from '@/lib/pipeline-schedules/zone-options'
import { useApi } from '../console-providers'
import { scheduleErrors } from './schedule-errors'
import { initialValues, scheduleFormSchema, type ScheduleFormValues as Values } from './schedule-form-values'
import { InputsEditor, VariablesEditor } from './schedule-lists-editor'
import { saveSchedule } from './schedule-save'
import { CRON_PRESETS, type PipelineSchedule } from './types'
import { ZoneSelect } from './zone-select'
import './schedules.css'

// cron-parser and luxon (≈ 30 kB gzipped) load once a cron is typed, not with every project page.
const NextRuns = dynamic(() => import('./next-runs').then((m) => m.NextRuns))

export interface ScheduleFormProps {
  projectId: number
  defaultRef: string
  /** The schedule to edit (a single-schedule read, with variables and inputs). */
  schedule?: PipelineSchedule
  onDone?: () => void
}

export function ScheduleForm({ projectId, defaultRef, schedule, onDone }: ScheduleFormProps) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const defaults = initialValues(defaultRef, schedule)
  const form = useForm<Values>({ resolver: zodResolver(scheduleFormSchema), defaultValues: defaults })
  const { errors } = form.formState
  const [cron, tzChoice, tzCustom] = form.watch(['cron', 'tz_choice', 'tz_custom'])
  const timeZone = zoneApiValue({ tz_choice: tzChoice, tz_custom: tzCustom })
  const testId = schedule ? 'schedule-edit-form' : 'schedule-form'
  // Element ids and the preset radio group must not collide with the other form on the page.
  const idp = schedule ? `schedule-${schedule.id}` : 'schedule'

  const create = useMutation({
    mutationFn: (v: Values) => saveSchedule(api, projectId, { ...v, cron_timezone: zoneApiValue(v) }, schedule),
    onSuccess: () => {
      toast.success(schedule ? 'Schedule saved.' : 'Schedule created.')
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
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))}
      data-testid={testId}
      className="schedule-form"
    >
      <h3>{schedule ? 'Edit schedule' : 'New schedule'}</h3>
      <FormError message={errors.root?.server?.message} testId="schedule-error-form" />
      <Field
        label="Description"
        htmlFor={`${idp}-description`}
        error={errors.description?.message}
        errorTestId="schedule-error-description"
      >
        <Input
          id={`${idp}-description`}
          autoComplete="off"
          invalid={!!errors.description}
          {...form.register('description')}
          data-testid="schedule-description-input"
        />
      </Field>
      <Field
        label="Interval pattern"
        htmlFor={`${idp}-cron`}
        error={errors.cron?.message}
        errorTestId="schedule-error-cron"
      >
        <div className="cron-presets">
          {CRON_PRESETS.map((p) => (
            <Checkbox
              key={p.name}
              type="radio"
              label={p.label}
              name={`${idp}-cron-preset`}
              checked={cron === p.cron}
              onChange={() => form.setValue('cron', p.cron, { shouldValidate: !!errors.cron })}
              data-testid={`schedule-cron-preset-${p.name}`}
            />
          ))}
        </div>
        <Input
          id={`${idp}-cron`}
          autoComplete="off"
          placeholder="Custom (cron syntax), e.g. 0 4 * * 1-5"
          invalid={!!errors.cron}
          {...form.register('cron')}
          data-testid="schedule-cron-input"
        />
        {cron.trim() ? <NextRuns cron={cron} timeZone={timeZone} /> : null}
      </Field>
      <Field
        label="Cron timezone"
        htmlFor={`${idp}-timezone`}
        error={errors.tz_choice?.message}
        errorTestId="schedule-error-cron_timezone"
      >
        <ZoneSelect
          id={`${idp}-timezone`}
          current={schedule?.cron_timezone}
          invalid={!!errors.tz_choice}
          {...form.register('tz_choice')}
          data-testid="schedule-timezone-select"
        />
        {tzChoice === CUSTOM_ZONE && (
          <Input
            aria-label="IANA time zone"
            placeholder="Europe/Berlin"
            autoComplete="off"
            {...form.register('tz_custom')}
            data-testid="schedule-timezone-custom-input"
          />
        )}
      </Field>
      <Field
        label="Target branch or tag"
        htmlFor={`${idp}-ref`}
        error={errors.ref?.message}
        errorTestId="schedule-error-ref"
      >
        <Input
          id={`${idp}-ref`}
          autoComplete="off"
          invalid={!!errors.ref}
          {...form.register('ref')}
          data-testid="schedule-ref-input"
        />
      </Field>
      <Field label="Activated" htmlFor={`${idp}-active`}>
        <Checkbox
          id={`${idp}-active`}
          label="Active"
          {...form.register('active')}
          data-testid="schedule-active-checkbox"
        />
      </Field>
      <VariablesEditor control={form.control} register={form.register} />
      <InputsEditor control={form.control} register={form.register} />
      <Button
        type="submit"
        variant="primary"
        pending={create.isPending}
        pendingLabel="Saving…"
        data-testid="schedule-submit"
      >
        {schedule ? 'Save changes' : 'Create pipeline schedule'}
      </Button>
    </form>
  )
}
