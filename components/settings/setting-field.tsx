'use client'
// One setting in its section form: label, control, description, the "modified" marker (the
// value in the field differs from the default) and a reset that puts the default back in the
// field — saved with the rest of the form, like any other edit.
import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { SettingDef } from '@/lib/settings/definitions'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { controlKind, SettingInput } from './setting-input'
import './settings.css'
import { differsFromDefault, fromFormValue, toFormValue, type FormValues } from './setting-values'
import type { ApiValues } from './section-schema'

interface Props {
  def: SettingDef
  form: UseFormReturn<FormValues, unknown, ApiValues>
  initial: unknown
  writable: boolean
  highlighted: boolean
}

export function SettingField({ def, form, initial, writable, highlighted }: Props) {
  const raw = useWatch({ control: form.control, name: def.key })
  const error = form.formState.errors[def.key]?.message
  const modified = differsFromDefault(def, fromFormValue(def, raw))
  const inline = def.type === 'boolean'
  const classes = [
    'field',
    'setting-field',
    inline && 'setting-inline',
    error && 'has-error',
    highlighted && 'setting-highlight',
  ]
    .filter(Boolean)
    .join(' ')
  const resetToDefault = () =>
    form.setValue(def.key, toFormValue(def, def.default), { shouldDirty: true, shouldValidate: true })

  const labelId = `setting-label-${def.key}`
  const kind = controlKind(def)
  // A <label for> names only a form control: groups and the code editor point back at it instead.
  const ownLabel = kind === 'checkboxes' || kind === 'radios' || kind === 'json'
  const input = (
    <SettingInput def={def} form={form} initial={initial} disabled={!writable} invalid={!!error} labelId={labelId} />
  )
  return (
    <div className={classes} data-setting-key={def.key} id={`setting-row-${def.key}`}>
      <div className="setting-label-row">
        {inline && input}
        {ownLabel ? (
          <span className="setting-label" id={labelId}>
            {def.label}
          </span>
        ) : (
          <label htmlFor={`setting-${def.key}`} id={labelId}>
            {def.label}
          </label>
        )}
        <code className="setting-key">{def.key}</code>
        {def.deprecated && <Badge tone="warn">deprecated</Badge>}
        {!writable && <Badge>read-only</Badge>}
        {modified && (
          <>
            <span
              className="badge badge-modified"
              data-testid={`setting-modified-${def.key}`}
              title="Differs from the default"
            >
              modified
            </span>
            {writable && (
              <Button variant="link" size="small" onClick={resetToDefault} data-testid={`setting-reset-${def.key}`}>
                Reset to default
              </Button>
            )}
          </>
        )}
      </div>
      {!inline && input}
      <div className="hint">{def.description}</div>
      {error && (
        <div className="field-error" role="alert" data-testid={`setting-error-${def.key}`}>
          {error}
        </div>
      )}
    </div>
  )
}
