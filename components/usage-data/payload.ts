// The usage data payload as rows, shared by the server page (when it was computed) and the client
// view (the rows): a plain module, since a 'use client' module's functions cannot run on the server.
import type { ResultBody } from '@/lib/console/endpoint-call'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'

/** GET /usage_data/service_ping's body: the payload, or `{}` before the first computation. */
export type StoredServicePing = ResultBody<typeof endpoints.usageData.servicePing>

export interface PayloadRow {
  path: string
  value: string
}

/**
 * Nested objects become dotted key paths, so a search for `counts.projects` finds the leaves by the
 * name the metric definitions use; arrays and empty objects stay one value (shown as JSON).
 */
export function flattenPayload(value: unknown, prefix = ''): PayloadRow[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0)
    return Object.entries(value).flatMap(([k, v]) => flattenPayload(v, prefix ? `${prefix}.${k}` : k))
  return [{ path: prefix, value: typeof value === 'string' ? value : JSON.stringify(value) }]
}

/** When the payload was computed, or null before the first computation. */
export const recordedAtOf = (payload: StoredServicePing): string | null =>
  'recorded_at' in payload && typeof payload.recorded_at === 'string' ? payload.recorded_at : null
