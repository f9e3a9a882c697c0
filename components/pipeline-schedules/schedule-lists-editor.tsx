'use client'
// The schedule form's two repeatable lists: CI variables (key, value, env var or file) and
// pipeline inputs (name, value). Rows are added and removed locally; saving sends the difference.
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form'
import { Button, Input, Select } from '@/components/ui'
import type { ScheduleFormValues } from './schedule-form-values'
import './schedules.css'

const VARIABLE_TYPES = [
  ['env_var', 'Variable'],
  ['file', 'File'],
] as const

type Props = { control: Control<ScheduleFormValues>; register: UseFormRegister<ScheduleFormValues> }

export function VariablesEditor({ control, register }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'variables' })
  return (
    <fieldset className="field" data-testid="schedule-variables">
      <legend>Variables</legend>
      {fields.map((f, i) => (
        <div key={f.id} className="schedule-list-row" data-testid="schedule-variable-row">
          <Select
            aria-label="Variable type"
            options={VARIABLE_TYPES}
            {...register(`variables.${i}.variable_type`)}
            data-testid="schedule-variable-type"
          />
          <Input
            aria-label="Variable key"
            placeholder="KEY"
            autoComplete="off"
            {...register(`variables.${i}.key`)}
            data-testid="schedule-variable-key"
          />
          <Input
            aria-label="Variable value"
            placeholder="value"
            autoComplete="off"
            {...register(`variables.${i}.value`)}
            data-testid="schedule-variable-value"
          />
          <Button
            aria-label={`Remove variable ${i + 1}`}
            onClick={() => remove(i)}
            data-testid="schedule-variable-remove"
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        onClick={() => append({ key: '', value: '', variable_type: 'env_var' })}
        data-testid="schedule-variable-add"
      >
        Add variable
      </Button>
      <div className="hint">Keys use letters, digits and _ (at most 255 characters).</div>
    </fieldset>
  )
}

export function InputsEditor({ control, register }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'inputs' })
  return (
    <fieldset className="field" data-testid="schedule-inputs">
      <legend>Inputs</legend>
      {fields.map((f, i) => (
        <div key={f.id} className="schedule-list-row" data-testid="schedule-input-row">
          <Input
            aria-label="Input name"
            placeholder="name"
            autoComplete="off"
            {...register(`inputs.${i}.name`)}
            data-testid="schedule-input-name"
          />
          <Input
            aria-label="Input value"
            placeholder="value"
            autoComplete="off"
            {...register(`inputs.${i}.value`)}
            data-testid="schedule-input-value"
          />
          <Button aria-label={`Remove input ${i + 1}`} onClick={() => remove(i)} data-testid="schedule-input-remove">
            Remove
          </Button>
        </div>
      ))}
      <Button onClick={() => append({ name: '', value: '' })} data-testid="schedule-input-add">
        Add input
      </Button>
      <div className="hint">
        Values that read as JSON keep their type: true, 42, [&quot;a&quot;,&quot;b&quot;]; anything else is text.
      </div>
    </fieldset>
  )
}
