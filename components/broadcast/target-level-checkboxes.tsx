'use client'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { levelName } from '@/lib/auth/access-levels'
import { TARGET_LEVELS } from '@/lib/broadcast-messages/rules'

/** None checked: everyone sees the message. */
export function TargetLevelCheckboxes({ register }: { register: UseFormRegisterReturn<'target_access_levels'> }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '6px 16px' }} id="broadcast-target-access-levels">
      {TARGET_LEVELS.map((level) => (
        <label key={level} className="checkbox">
          <input type="checkbox" value={String(level)} {...register} data-testid={`broadcast-target-level-${level}`} />
          <span>{levelName(level)}</span>
        </label>
      ))}
    </div>
  )
}
