'use client'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { levelName } from '@/lib/auth/access-levels'
import { TARGET_LEVELS } from '@/lib/broadcast-messages/rules'
import { Checkbox } from '../ui/checkbox'

/** None checked: everyone sees the message. */
export function TargetLevelCheckboxes({ register }: { register: UseFormRegisterReturn<'target_access_levels'> }) {
  return (
    <div className="checkbox-row" role="group" aria-label="Target roles" id="broadcast-target-access-levels">
      {TARGET_LEVELS.map((level) => (
        <Checkbox
          key={level}
          label={levelName(level)}
          value={String(level)}
          {...register}
          data-testid={`broadcast-target-level-${level}`}
        />
      ))}
    </div>
  )
}
