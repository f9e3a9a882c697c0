'use client'
// The control for one setting, chosen by its definition: checkbox, number, select, password,
// one-line text or textarea (long strings, lists one item per line, hashes as JSON).
import type { UseFormRegister } from 'react-hook-form'
import type { SettingDef } from '@/lib/settings/definitions'
import { Checkbox } from '../ui/checkbox'
import { Input, Textarea } from '../ui/input'
import { Select } from '../ui/select'
import { isLongText, type FormValues } from './setting-values'

interface Props {
  def: SettingDef
  register: UseFormRegister<FormValues>
  /** The stored value, to pick a textarea for strings that are already long. */
  initial: unknown
  disabled?: boolean
  invalid?: boolean
}

export function SettingInput({ def, register, initial, disabled, invalid }: Props) {
  const common = {
    id: `setting-${def.key}`,
    'data-testid': `setting-input-${def.key}`,
    disabled,
    ...register(def.key),
  }
  // The label is the row's own (setting-field.tsx), pointing at the control's id.
  if (def.type === 'boolean') return <Checkbox aria-invalid={invalid || undefined} {...common} />
  const list = def.type === 'string_list' || def.type === 'integer_list'
  if (def.enum && !list) {
    // Settings whose default is null (e.g. "both protocols") can be set back to nothing.
    const blank = def.default === null
    return (
      <Select invalid={invalid} {...common}>
        {blank && <option value="">—</option>}
        {def.enum.map((v) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </Select>
    )
  }
  switch (def.type) {
    case 'integer':
    case 'float':
      return <Input type="number" step={def.type === 'float' ? 'any' : 1} min={def.min} max={def.max} invalid={invalid} {...common} />
    case 'string_list':
    case 'integer_list':
      return <Textarea rows={3} placeholder={def.enum ? `One per line: ${def.enum.join(', ')}` : 'One entry per line'} mono invalid={invalid} {...common} />
    case 'hash':
      return <Textarea rows={5} placeholder="{}" mono spellCheck={false} invalid={invalid} {...common} />
    default:
      if (def.secret) return <Input type="password" autoComplete="new-password" invalid={invalid} {...common} />
      if (isLongText(def, initial)) return <Textarea rows={6} maxLength={def.maxLength} invalid={invalid} {...common} />
      return <Input type="text" autoComplete="off" invalid={invalid} {...common} />
  }
}
