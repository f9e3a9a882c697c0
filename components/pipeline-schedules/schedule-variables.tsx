'use client'
// A schedule's variables on its page: keys and types; the values (the API gives them to whoever
// may read the schedule) stay hidden until asked for, as in GitLab's schedule form, so a page left
// open or shared on screen shows no secret.
import { useState } from 'react'
import { Button } from '@/components/ui'
import type { ScheduleVariable } from './types'

export function ScheduleVariables({ variables }: { variables: ScheduleVariable[] }) {
  const [shown, setShown] = useState(false)
  if (variables.length === 0) return <span className="muted">None</span>
  return (
    <div data-testid="schedule-variables">
      <ul className="schedule-values">
        {variables.map((v) => (
          <li key={v.key} data-testid="schedule-variable">
            <code data-testid="schedule-variable-key">{v.key}</code>
            {v.variable_type === 'file' && <span className="muted small"> (file)</span>} ={' '}
            {shown ? (
              <code className="pre-wrap" data-testid="schedule-variable-value">
                {v.value}
              </code>
            ) : (
              <span className="muted" data-testid="schedule-variable-hidden">
                hidden
              </span>
            )}
          </li>
        ))}
      </ul>
      <Button
        size="small"
        variant="link"
        onClick={() => setShown((s) => !s)}
        aria-pressed={shown}
        data-testid="schedule-variables-reveal"
      >
        {shown ? 'Hide values' : 'Reveal values'}
      </Button>
    </div>
  )
}
