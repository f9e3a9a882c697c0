'use client'
// The control for one setting, chosen by its definition: checkbox, number, select, password,
// one-line text or textarea (long strings, lists one item per line, hashes as JSON).
import type { UseFormRegister } from 'react-hook-form'
import type { SettingDef } from '@/lib/settings/definitions'
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
    'aria-invalid': invalid || undefined,
    disabled,
    ...register(def.key),
  }
  if (def.type === 'boolean') return <input type="checkbox" {...common} />
  const list = def.type === 'string_list' || def.type === 'integer_list'
  if (def.enum && !list) {
    // Settings whose default is null (e.g. "both protocols") can be set back to nothing.
    const blank = def.default === null
    return (
      <select {...common}>
        {blank && <option value="">—</option>}
        {def.enum.map((v) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    )
  }
  switch (def.type) {
    case 'integer':
    case 'float':
      return <input type="number" step={def.type === 'float' ? 'any' : 1} min={def.min} max={def.max} {...common} />
    case 'string_list':
    case 'integer_list':
      return <textarea rows={3} placeholder={def.enum ? `One per line: ${def.enum.join(', ')}` : 'One entry per line'} className="mono" {...common} />
    case 'hash':
      return <textarea rows={5} placeholder="{}" className="mono" spellCheck={false} {...common} />
    default:
      if (def.secret) return <input type="password" autoComplete="new-password" {...common} />
      if (isLongText(def, initial)) return <textarea rows={6} maxLength={def.maxLength} {...common} />
      return <input type="text" autoComplete="off" {...common} />
  }
}
