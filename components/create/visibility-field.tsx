// Visibility as GitLab's create forms offer it: three radios, those above the parent's visibility
// or restricted by the administrator disabled with the reason beside them.
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Checkbox } from '@/components/ui'
import { VISIBILITY_HINTS, type VisibilityOption } from '@/lib/console/new-resource'

export function VisibilityField({
  options,
  register,
  error,
}: {
  options: readonly VisibilityOption[]
  register: UseFormRegisterReturn
  error?: string
}) {
  return (
    <fieldset
      className={error ? 'field visibility-field has-error' : 'field visibility-field'}
      data-testid="visibility-field"
    >
      <legend>Visibility level</legend>
      {options.map((o) => (
        <Checkbox
          key={o.value}
          type="radio"
          value={o.value}
          label={o.label}
          hint={o.disabledReason ?? VISIBILITY_HINTS[o.value]}
          disabled={!!o.disabledReason}
          {...register}
          data-testid={`visibility-${o.value}`}
        />
      ))}
      {error && (
        <div className="field-error" role="alert" data-testid="visibility_level-error">
          {error}
        </div>
      )}
    </fieldset>
  )
}
