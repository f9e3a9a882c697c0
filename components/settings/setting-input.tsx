'use client'
// The control for one setting, chosen by its definition as GitLab's admin area draws it: a checkbox
// for a flag, a select (or radios, for visibility) of named values for an enumeration, a checkbox
// group for a list of enumerated values, tokens for a list of free strings, a JSON editor for a
// hash, a number, password, one-line text or textarea otherwise. Form values stay strings (lists
// one item per line, hashes as JSON text: setting-values.ts), so every control reads and writes
// the same shape the form schema validates.
import type { ReactNode } from 'react'
import { useController, type UseFormReturn } from 'react-hook-form'
import type { SettingDef } from '@/lib/settings/definitions'
import { Checkbox } from '../ui/checkbox'
import { CodeEditor } from '../ui/code-editor'
import { Input, Textarea } from '../ui/input'
import { Select } from '../ui/select'
import { TokenInput } from '../ui/token-input'
import type { ApiValues } from './section-schema'
import { choiceControl, choicesOf } from './setting-choices'
import { isLongText, type FormValues } from './setting-values'

type Form = UseFormReturn<FormValues, unknown, ApiValues>

interface Props {
  def: SettingDef
  form: Form
  /** The stored value, to pick a textarea for strings that are already long. */
  initial: unknown
  disabled?: boolean
  invalid?: boolean
  /** The id of the row's label, for controls a <label for> cannot name (groups, the code editor). */
  labelId: string
}

const lines = (text: unknown) => (typeof text === 'string' ? text.split('\n').filter(Boolean) : [])

/** The row of a setting's named choices (checkboxes or radios), labelled by the setting's label. */
function ChoiceRow({
  role,
  def,
  invalid,
  labelId,
  children,
}: Pick<Props, 'def' | 'invalid' | 'labelId'> & { role: 'group' | 'radiogroup'; children: ReactNode }) {
  return (
    <div
      role={role}
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      className="checkbox-row setting-choices"
      id={`setting-${def.key}`}
      data-testid={`setting-input-${def.key}`}
    >
      {children}
    </div>
  )
}

/** Several named values, any of them: one checkbox each; the form holds the checked ones one per line, in the enum's order. */
function ChoiceGroup({ def, form, disabled, invalid, labelId }: Props) {
  const { field } = useController({ control: form.control, name: def.key })
  const checked = new Set(lines(field.value))
  const toggle = (value: string, on: boolean) => {
    const next = choicesOf(def)
      .map(([v]) => v)
      .filter((v) => (v === value ? on : checked.has(v)))
    field.onChange(next.join('\n'))
  }
  return (
    <ChoiceRow role="group" def={def} invalid={invalid} labelId={labelId}>
      {choicesOf(def).map(([value, name]) => (
        <Checkbox
          key={value}
          label={name}
          checked={checked.has(value)}
          disabled={disabled}
          onChange={(e) => toggle(value, e.target.checked)}
          onBlur={field.onBlur}
          data-testid={`setting-choice-${def.key}-${value}`}
        />
      ))}
    </ChoiceRow>
  )
}

/** One of a few named values, each worth reading (visibility): radios. */
function ChoiceRadios({ def, form, disabled, invalid, labelId }: Props) {
  return (
    <ChoiceRow role="radiogroup" def={def} invalid={invalid} labelId={labelId}>
      {choicesOf(def).map(([value, name]) => (
        <Checkbox
          key={value}
          type="radio"
          label={name}
          value={value}
          disabled={disabled}
          {...form.register(def.key)}
          data-testid={`setting-choice-${def.key}-${value}`}
        />
      ))}
    </ChoiceRow>
  )
}

function Tokens({ def, form, disabled, invalid }: Props) {
  const { field } = useController({ control: form.control, name: def.key })
  return (
    <TokenInput
      id={`setting-${def.key}`}
      value={lines(field.value)}
      onChange={(list) => field.onChange(list.join('\n'))}
      onBlur={field.onBlur}
      placeholder={def.type === 'integer_list' ? 'Type a number, then Enter' : 'Type an entry, then Enter'}
      disabled={disabled}
      invalid={invalid}
      testId={`setting-input-${def.key}`}
    />
  )
}

function Json({ def, form, disabled, invalid }: Props) {
  const { field } = useController({ control: form.control, name: def.key })
  return (
    <CodeEditor
      language="json"
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      readOnly={disabled}
      invalid={invalid}
      ariaLabel={`${def.label} (JSON)`}
      testId={`setting-input-${def.key}`}
    />
  )
}

/** Which control a setting gets; groups and the code editor are named by aria-labelledby, not <label for>. */
export function controlKind(def: SettingDef): 'checkboxes' | 'radios' | 'select' | 'tokens' | 'json' | 'plain' {
  if (def.enum) return choiceControl(def)
  if (def.type === 'string_list' || def.type === 'integer_list') return 'tokens'
  return def.type === 'hash' ? 'json' : 'plain'
}

export function SettingInput(props: Props) {
  const { def, form, initial, disabled, invalid } = props
  const kind = controlKind(def)
  if (kind === 'checkboxes') return <ChoiceGroup {...props} />
  if (kind === 'radios') return <ChoiceRadios {...props} />
  if (kind === 'tokens') return <Tokens {...props} />
  if (kind === 'json') return <Json {...props} />
  const common = {
    id: `setting-${def.key}`,
    'data-testid': `setting-input-${def.key}`,
    disabled,
    ...form.register(def.key),
  }
  // The label is the row's own (setting-field.tsx), pointing at the control's id.
  if (def.type === 'boolean') return <Checkbox aria-invalid={invalid || undefined} {...common} />
  if (kind === 'select') return <Select invalid={invalid} options={choicesOf(def)} {...common} />
  switch (def.type) {
    case 'integer':
    case 'float':
      return (
        <Input
          type="number"
          step={def.type === 'float' ? 'any' : 1}
          min={def.min}
          max={def.max}
          invalid={invalid}
          {...common}
        />
      )
    default:
      if (def.secret) return <Input type="password" autoComplete="new-password" invalid={invalid} {...common} />
      if (isLongText(def, initial)) return <Textarea rows={6} maxLength={def.maxLength} invalid={invalid} {...common} />
      return <Input type="text" autoComplete="off" invalid={invalid} {...common} />
  }
}
