// Parameters and response shapes of /usage_data (GitLab's lib/api/usage_data*.rb).
import { z } from 'zod'
import { p } from '../api/param-types'

// GitLab's API::UsageData::MAXIMUM_TRACKED_EVENTS.
export const MAXIMUM_TRACKED_EVENTS = 50

// GitLab's :event_params (Grape types: String, Integer, Integer, Hash, Boolean).
const eventFields = {
  event: p.string(),
  namespace_id: p.optional(p.int()),
  project_id: p.optional(p.int()),
  additional_properties: p.optional(z.record(z.string(), z.unknown())),
  send_to_snowplow: p.optional(p.bool()),
}

export const trackEventParams = z.object(eventFields)
export const trackEventsParams = z.object({ events: z.array(z.object(eventFields)) })
export type TrackEventParams = z.infer<typeof trackEventParams>

export const metricDefinitionsParams = z.object({ include_paths: p.optional(p.bool()) })

const nullableString = z.string().nullable()
const nullableNumber = z.number().nullable()

/** The payload's shape; `count` is what a counted metric holds (a number, or its SQL in the queries variant). */
function payloadSchema<C extends z.ZodType>(count: C) {
  return z.strictObject({
    recorded_at: z.string(),
    uuid: z.string(),
    hostname: z.string(),
    version: z.string(),
    installation_type: z.string(),
    active_user_count: count,
    edition: z.string(),
    license_md5: nullableString,
    license_sha256: nullableString,
    license_id: nullableNumber,
    historical_max_users: nullableNumber,
    licensee: z.record(z.string(), z.unknown()),
    license_user_count: nullableNumber,
    license_starts_at: nullableString,
    license_expires_at: nullableString,
    license_plan: nullableString,
    license_add_ons: z.record(z.string(), z.number()),
    license_trial: z.boolean().nullable(),
    license_subscription_id: nullableString,
    license: z.record(z.string(), z.unknown()),
    settings: z.strictObject({
      operating_system: z.string(),
      collected_data_categories: z.array(z.string()),
      service_ping_features_enabled: z.boolean(),
      snowplow_enabled: z.boolean(),
    }),
    // Counted metrics, and each tracked event's total (always a number).
    counts: z.record(z.string(), z.union([count, z.number().int()])),
    schema_inconsistencies_metric: z.array(z.unknown()),
  })
}

export const servicePingSchema = payloadSchema(z.number().int())
/** GET /usage_data/service_ping: the stored payload, or `{}` before the first computation. */
export const storedServicePingSchema = z.union([servicePingSchema, z.strictObject({})])
/** GET /usage_data/queries: counted metrics as their SQL statements. */
export const usageDataQueriesSchema = payloadSchema(z.string())
/** GET /usage_data/non_sql_metrics: counted metrics as GitLab's SQL_METRIC_DEFAULT (-3). */
export const nonSqlMetricsSchema = payloadSchema(z.literal(-3))

export const recomputeSchema = z.strictObject({ message: z.literal('202 Accepted'), task_id: z.number().int() })
