// /usage_data (GitLab's lib/api/usage_data.rb, usage_data_service_ping.rb, usage_data_queries.rb and
// usage_data_non_sql_metrics.rb): the stored service ping payload for administrators, the metric
// definitions as YAML for anyone, the SQL and non-SQL variants behind flags, and event tracking.
// POST /usage_data/service_ping/recompute is this product's own (GitLab's admin page computes it
// in an HTML controller); the console's Recompute button uses it.
import { stringify } from 'yaml'
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { ApiError, notFound } from '../api/errors'
import { jsonFragment } from '../api/json-fragment'
import { rawReply, reply } from '../api/reply'
import type { Actor } from '../auth/actor'
import { featureEnabled } from '../features/service'
import {
  MAXIMUM_TRACKED_EVENTS,
  metricDefinitionsParams,
  nonSqlMetricsSchema,
  recomputeSchema,
  storedServicePingSchema,
  trackEventParams,
  trackEventsParams,
  type TrackEventParams,
  usageDataQueriesSchema,
} from './schema'
import { computePayload, latestPayload, metricDefinitions, recordEvents, requestRecompute } from './service'

// GitLab's usage_data_queries.rb / usage_data_non_sql_metrics.rb: administrators first, then a 404
// while the ops flag is off (its default).
async function requireFlag(name: string): Promise<void> {
  if (!(await featureEnabled(name))) throw notFound()
}

// GitLab's `status :ok` is the block's last value, so Grape renders the status itself: `200`.
const ok = { status: 200, body: z.literal(200), description: 'The status code, as GitLab renders it' } as const
const trackScopes = ['api', 'ai_workflows'] as const

const tracked = (actor: Actor, e: TrackEventParams) => ({
  event: e.event,
  userId: actor.user.id,
  namespaceId: e.namespace_id ?? null,
  projectId: e.project_id ?? null,
  properties: e.additional_properties ?? null,
  // Accepted as GitLab does; nothing is ever sent off this machine.
  sendToSnowplow: e.send_to_snowplow ?? false,
})

export const usageDataEndpoints = {
  servicePing: endpoint({
    method: 'GET',
    path: '/usage_data/service_ping',
    summary: 'The newest service ping payload ({} until one was computed; administrators)',
    auth: 'admin',
    scopes: ['read_service_ping', 'api'],
    response: { body: storedServicePingSchema },
    handler: async () => {
      const row = await latestPayload()
      return row ? jsonFragment(row.payload) : {}
    },
  }),
  recompute: endpoint({
    method: 'POST',
    path: '/usage_data/service_ping/recompute',
    summary: 'Compute the service ping payload now, in the background (administrators)',
    auth: 'admin',
    response: { status: 202, body: recomputeSchema },
    handler: async ({ actor }) => {
      const task = await requestRecompute(actor)
      return reply(202, { message: '202 Accepted', task_id: task.id })
    },
  }),
  metricDefinitions: endpoint({
    method: 'GET',
    path: '/usage_data/metric_definitions',
    summary: 'Every metric of the payload, as a YAML list',
    auth: 'public',
    // include_paths adds GitLab's definition file paths; these definitions live in code, not files.
    params: metricDefinitionsParams,
    response: {
      body: null,
      description:
        'application/yaml: a list of key_path, description, product_group, value_type, status, time_frame, data_source, tier',
    },
    handler: async () =>
      rawReply(200, `---\n${stringify(await metricDefinitions(), { indentSeq: false })}`, 'application/yaml'),
  }),
  queries: endpoint({
    method: 'GET',
    path: '/usage_data/queries',
    summary: 'The payload with each counted metric as its SQL statement (administrators; flag usage_data_queries_api)',
    auth: 'admin',
    response: { body: usageDataQueriesSchema },
    handler: async () => {
      await requireFlag('usage_data_queries_api')
      return usageDataQueriesSchema.parse(await computePayload('queries'))
    },
  }),
  nonSqlMetrics: endpoint({
    method: 'GET',
    path: '/usage_data/non_sql_metrics',
    summary: 'The payload with counted metrics as -3 (administrators; flag usage_data_non_sql_metrics)',
    auth: 'admin',
    response: { body: nonSqlMetricsSchema },
    handler: async () => {
      await requireFlag('usage_data_non_sql_metrics')
      return nonSqlMetricsSchema.parse(await computePayload('non_sql'))
    },
  }),
  trackEvent: endpoint({
    method: 'POST',
    path: '/usage_data/track_event',
    summary: 'Track an internal event',
    auth: 'required',
    scopes: trackScopes,
    params: trackEventParams,
    response: ok,
    handler: async ({ actor, params }) => {
      recordEvents([tracked(actor, params)])
      return reply(200, 200)
    },
  }),
  trackEvents: endpoint({
    method: 'POST',
    path: '/usage_data/track_events',
    summary: `Track up to ${MAXIMUM_TRACKED_EVENTS} internal events`,
    auth: 'required',
    scopes: trackScopes,
    params: trackEventsParams,
    response: ok,
    handler: async ({ actor, params }) => {
      if (params.events.length > MAXIMUM_TRACKED_EVENTS)
        // GitLab's render_api_error!: the text alone, no status prefix.
        throw new ApiError(400, { message: `Maximum ${MAXIMUM_TRACKED_EVENTS} events allowed in one request.` })
      recordEvents(params.events.map((e) => tracked(actor, e)))
      return reply(200, 200)
    },
  }),
}
