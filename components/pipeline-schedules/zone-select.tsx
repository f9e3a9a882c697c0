'use client'
// The cron time zone select: UTC, the schedule's own zone, GitLab's display names and — once the
// browser has listed them — every IANA zone it knows, then "Other" for a name typed by hand.
// lib/pipeline-schedules/zone-options.ts decides what is offered (and proves every zone the API
// accepts comes back selected).
import { useEffect, useState, type ComponentProps } from 'react'
import { Select } from '@/components/ui'
import { CUSTOM_ZONE, runtimeIanaZones, zoneOptions, type ZoneOption } from '@/lib/pipeline-schedules/zone-options'

const options = (list: readonly ZoneOption[]) =>
  list.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ))

export interface ZoneSelectProps extends Omit<ComponentProps<typeof Select>, 'options' | 'children'> {
  /** The schedule's stored cron_timezone (the form's initial value). */
  current: string | undefined
}

export function ZoneSelect({ current, ...rest }: ZoneSelectProps) {
  // Node's and the browser's zone lists differ: the server renders none, the browser adds its own.
  const [iana, setIana] = useState<string[]>([])
  useEffect(() => setIana(runtimeIanaZones()), [])
  const o = zoneOptions(current, iana)
  return (
    <Select {...rest}>
      {options(o.top)}
      <optgroup label="GitLab zone names">{options(o.gitlab)}</optgroup>
      {o.iana.length > 0 && <optgroup label="IANA time zones">{options(o.iana)}</optgroup>}
      <option value={CUSTOM_ZONE}>Other (IANA name)…</option>
    </Select>
  )
}
