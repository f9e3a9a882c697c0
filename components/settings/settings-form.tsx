'use client'
// One settings section as a form. Only the fields the administrator changed are sent (plus the
// settings a flag being turned on requires in the same request, as the API demands), so a save
// never overwrites a value someone else changed meanwhile in another field.
import { useMutation } from '@tanstack/react-query'
import { useRouter, useSearchParams } from 'next/navigation'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { SettingDef, SettingSection } from '@/lib/settings/definitions'
import { useApi } from '../console-providers'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { useToast } from '../ui/toast'
import { applySettingsErrors } from './apply-settings-errors'
import { isWritable, sectionResolver, type ApiValues } from './section-schema'
import { SettingField } from './setting-field'
import { sectionDefs, toFormValue, type FormValues } from './setting-values'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

interface Props {
  section: { id: SettingSection; title: string }
  /** The stored values of this section's settings. */
  values: Record<string, unknown>
}

const formValuesOf = (defs: SettingDef[], values: Record<string, unknown>): FormValues =>
  Object.fromEntries(defs.map((d) => [d.key, toFormValue(d, values[d.key])]))

export function SettingsForm({ section, values }: Props) {
  const defs = useMemo(() => sectionDefs(section.id), [section.id])
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const highlight = useSearchParams().get('highlight')
  const resolver = useMemo(() => sectionResolver(defs), [defs])
  // What the fields held when loaded or last saved: a field differing from it is a change to send.
  const baseline = useRef<FormValues>(formValuesOf(defs, values))
  const form = useForm<FormValues, unknown, ApiValues>({ resolver, defaultValues: baseline.current, mode: 'onSubmit' })
  const [saved, setSaved] = useState<'saved' | 'unchanged' | null>(null)
  const keys = useMemo(() => defs.map((d) => d.key), [defs])

  // A search result links here with ?highlight=<key>: bring that field into view.
  useEffect(() => {
    if (!highlight) return
    const row = document.getElementById(`setting-row-${highlight}`)
    row?.scrollIntoView({ block: 'center' })
    document.getElementById(`setting-${highlight}`)?.focus({ preventScroll: true })
  }, [highlight])

  const save = useMutation({
    mutationFn: (update: ApiValues) => api.quiet(endpoints.settings.update, update),
    onSuccess: (settings) => {
      toast.success(`${section.title} settings saved.`)
      baseline.current = formValuesOf(defs, settings)
      form.reset(baseline.current)
      setSaved('saved')
      router.refresh() // the layout reads settings too (sign-out path, admin mode)
    },
    onError: (err) => {
      toast.clear()
      applySettingsErrors(err, form.setError, keys)
    },
  })

  const onSubmit = (output: ApiValues) => {
    const current = form.getValues()
    const update: ApiValues = {}
    for (const def of defs) {
      if (current[def.key] === baseline.current[def.key] || !isWritable(def) || output[def.key] === undefined) continue
      update[def.key] = output[def.key]
      if (output[def.key] === true)
        for (const r of def.requires ?? []) if (output[r] !== undefined) update[r] = output[r]
    }
    if (!Object.keys(update).length) {
      setSaved('unchanged')
      return
    }
    return save.mutateAsync(update).catch(() => undefined)
  }

  const { errors } = form.formState
  return (
    // The old confirmation goes at once, so it never stands for a save still under way.
    // A refused save takes down an earlier save's toast too: "saved" must not stand beside the errors.
    <form
      noValidate
      onSubmit={(e) => (setSaved(null), form.handleSubmit(onSubmit, () => toast.clear())(e))}
      data-testid={`settings-form-${section.id}`}
      className="settings-form"
    >
      <FormError message={errors.root?.server?.message} testId="settings-form-error" />
      {defs.map((def) => (
        <SettingField
          key={def.key}
          def={def}
          form={form}
          initial={values[def.key]}
          writable={isWritable(def)}
          highlighted={highlight === def.key}
        />
      ))}
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          pending={save.isPending}
          pendingLabel="Saving…"
          data-testid={`settings-save-${section.id}`}
        >
          Save changes
        </Button>
        {saved === 'saved' && (
          <span className="saved-note" role="status" data-testid="settings-saved">
            Settings saved.
          </span>
        )}
        {saved === 'unchanged' && (
          <span className="muted" role="status" data-testid="settings-unchanged">
            No changes to save.
          </span>
        )}
      </div>
    </form>
  )
}
