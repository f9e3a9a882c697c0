'use client'
// A list of short strings (domains, hosts, provider names) as removable tokens with a text box to
// add more: Enter, a comma or a paste of several lines adds them; Backspace in the empty box
// takes the last one back for editing. Text still in the box when it loses focus is added, so a
// Save right after typing keeps it.
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { cx } from './cx'
import './token-input.css'

export interface TokenInputProps {
  id?: string
  value: readonly string[]
  onChange: (value: string[]) => void
  onBlur?: () => void
  placeholder?: string
  disabled?: boolean
  invalid?: boolean
  /** data-testid of the text box. */
  testId?: string
  'aria-describedby'?: string
}

const split = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)

export function TokenInput({
  id,
  value,
  onChange,
  onBlur,
  placeholder,
  disabled,
  invalid,
  testId,
  ...aria
}: TokenInputProps) {
  const [draft, setDraft] = useState('')
  const add = (text: string) => {
    const fresh = split(text).filter((t, i, all) => !value.includes(t) && all.indexOf(t) === i)
    if (fresh.length) onChange([...value, ...fresh])
    setDraft('')
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === ',') && draft.trim()) {
      e.preventDefault()
      add(draft)
    } else if (e.key === 'Enter') {
      e.preventDefault() // an empty Enter must not submit the whole form by surprise
    } else if (e.key === 'Backspace' && draft === '' && value.length) {
      e.preventDefault()
      setDraft(value.at(-1)!)
      onChange(value.slice(0, -1))
    }
  }
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text')
    if (!/[\n,;]/.test(text)) return
    e.preventDefault()
    add(draft + text)
  }
  return (
    <div className={cx('ui-tokens', invalid && 'ui-tokens-invalid', disabled && 'ui-tokens-disabled')} data-ui="tokens">
      {value.map((t) => (
        <span key={t} className="ui-token" data-testid="token">
          <span>{t}</span>
          <button
            type="button"
            className="ui-token-remove"
            aria-label={`Remove ${t}`}
            disabled={disabled}
            onClick={() => onChange(value.filter((x) => x !== t))}
            data-ui="button"
          >
            ×
          </button>
        </span>
      ))}
      <input
        id={id}
        className="ui-tokens-input"
        value={draft}
        placeholder={value.length ? undefined : placeholder}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (draft.trim()) add(draft)
          onBlur?.()
        }}
        data-testid={testId}
        data-ui="input"
        {...aria}
      />
    </div>
  )
}
