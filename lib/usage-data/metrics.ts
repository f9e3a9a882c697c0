// The one list of service ping metrics (GitLab's config/metrics/*.yml plus their instrumentation
// classes): each entry's definition fields, and how its value is obtained — a domain's SQL count
// or a computed value. The payload, GET /usage_data/metric_definitions, /queries and
// /non_sql_metrics are all built from this list, so a key cannot be in one and not the others.
import type { SqlCount } from '../db'
import { GITLAB_VERSION } from '../meta/version'
import { userUsageCounts } from '../users/usage-counts'
import { groupUsageCounts } from '../groups/usage-counts'
import { projectUsageCounts } from '../projects/usage-counts'
import { pipelineUsageCounts } from '../pipelines/usage-counts'
import { jobUsageCounts } from '../ci-jobs/usage-counts'
import { runnerUsageCounts } from '../runners/usage-counts'
import { pipelineScheduleUsageCounts } from '../pipeline-schedules/usage-counts'
import { snippetUsageCounts } from '../snippets/usage-counts'
import { protectedBranchUsageCounts } from '../protected-branches/usage-counts'
import { tokenUsageCounts } from '../tokens/usage-counts'
import { sshKeyUsageCounts } from '../ssh-keys/usage-counts'
import { containerRegistryUsageCounts } from '../container-registry/usage-counts'

export type ValueType = 'number' | 'string' | 'boolean' | 'object' | 'array'
export type TimeFrame = 'all' | 'none' | '7d' | '28d'
export type DataSource = 'database' | 'system' | 'license' | 'internal_events'

/** What a computed value may read: taken once per payload, so every metric sees the same instant. */
export interface MetricContext {
  recordedAt: Date
  uuid: string
  hostname: string
  settings: Record<string, unknown>
}

export interface MetricDefinition {
  key_path: string
  description: string
  product_group: string
  value_type: ValueType
  status: 'active'
  time_frame: TimeFrame
  data_source: DataSource
  tier: string[]
}

export type Metric = MetricDefinition & ({ sql: SqlCount } | { value: (ctx: MetricContext) => unknown })

/** GitLab's tiers for a metric every edition reports. */
export const ALL_TIERS = ['free', 'premium', 'ultimate']

const base = { status: 'active', tier: ALL_TIERS } as const

const system = (
  key_path: string,
  description: string,
  value_type: ValueType,
  value: (ctx: MetricContext) => unknown,
): Metric => ({
  ...base,
  key_path,
  description,
  product_group: 'analytics_instrumentation',
  value_type,
  time_frame: 'none',
  data_source: 'system',
  value,
})

// This product has no licence: GitLab CE reports none, the payload carries the keys empty.
const license = (key_path: string, description: string, value_type: ValueType, empty: unknown = null): Metric => ({
  ...base,
  key_path,
  description,
  product_group: 'provision',
  value_type,
  time_frame: 'none',
  data_source: 'license',
  value: () => empty,
})

const count = (key_path: string, description: string, product_group: string, sql: SqlCount): Metric => ({
  ...base,
  key_path,
  description,
  product_group,
  value_type: 'number',
  time_frame: 'all',
  data_source: 'database',
  sql,
})

const settingFlag = (
  key: string,
  description: string,
  value: (ctx: MetricContext) => unknown,
  value_type: ValueType = 'boolean',
) => system(`settings.${key}`, description, value_type, value)

export const METRICS: readonly Metric[] = [
  system('recorded_at', 'When the payload was computed', 'string', (c) => c.recordedAt.toISOString()),
  system('uuid', 'Identifier of the instance, generated once', 'string', (c) => c.uuid),
  system('hostname', 'Host name of the external URL', 'string', (c) => c.hostname),
  system('version', 'GitLab version the API follows', 'string', () => GITLAB_VERSION),
  system('installation_type', 'How the instance was installed', 'string', () => 'source'),
  count('active_user_count', 'Users that are neither blocked nor bots', 'provision', userUsageCounts.active),
  system('edition', 'Edition of the instance', 'string', () => 'CE'),
  license('license_md5', 'MD5 of the licence', 'string'),
  license('license_sha256', 'SHA-256 of the licence', 'string'),
  license('license_id', 'Identifier of the licence', 'number'),
  license('historical_max_users', 'Highest number of billable users', 'number'),
  license('licensee', 'Licensee of the licence', 'object', {}),
  license('license_user_count', 'Users the licence allows', 'number'),
  license('license_starts_at', 'Start date of the licence', 'string'),
  license('license_expires_at', 'End date of the licence', 'string'),
  license('license_plan', 'Plan of the licence', 'string'),
  license('license_add_ons', 'Add-ons of the licence and their seats', 'object', {}),
  license('license_trial', 'Whether the licence is a trial', 'boolean'),
  license('license_subscription_id', 'Subscription of the licence', 'string'),
  license('license', 'Further licence details', 'object', {}),
  settingFlag('operating_system', 'Operating system the instance runs on', () => process.platform, 'string'),
  settingFlag(
    'collected_data_categories',
    'Categories of data the payload collects',
    (c) => collectedCategories(c.settings),
    'array',
  ),
  settingFlag(
    'service_ping_features_enabled',
    'Whether the usage_ping_enabled setting is on',
    (c) => c.settings.usage_ping_enabled === true,
  ),
  settingFlag('snowplow_enabled', 'Whether events are sent to Snowplow (never, here)', () => false),
  count('counts.users', 'All users', 'authentication', userUsageCounts.all),
  count('counts.admins', 'Administrators', 'authentication', userUsageCounts.admins),
  count('counts.groups', 'Groups', 'tenant_scale', groupUsageCounts.groups),
  count('counts.projects', 'Projects', 'tenant_scale', projectUsageCounts.all),
  count('counts.projects_public', 'Public projects', 'tenant_scale', projectUsageCounts.public),
  count('counts.projects_internal', 'Internal projects', 'tenant_scale', projectUsageCounts.internal),
  count('counts.projects_private', 'Private projects', 'tenant_scale', projectUsageCounts.private),
  count('counts.ci_pipelines', 'CI pipelines', 'pipeline_execution', pipelineUsageCounts.all),
  count(
    'counts.ci_pipelines_scheduled',
    'CI pipelines started by a schedule',
    'pipeline_execution',
    pipelineUsageCounts.scheduled,
  ),
  count('counts.ci_builds', 'CI jobs', 'pipeline_execution', jobUsageCounts.all),
  count('counts.ci_pipeline_schedules', 'CI pipeline schedules', 'pipeline_execution', pipelineScheduleUsageCounts.all),
  count('counts.ci_runners', 'CI runners', 'runner', runnerUsageCounts.all),
  count('counts.ci_runners_instance_type', 'Instance runners', 'runner', runnerUsageCounts.instance),
  count('counts.ci_runners_group_type', 'Group runners', 'runner', runnerUsageCounts.group),
  count('counts.ci_runners_project_type', 'Project runners', 'runner', runnerUsageCounts.project),
  count('counts.snippets', 'Snippets', 'source_code', snippetUsageCounts.all),
  count('counts.protected_branches', 'Protected branches', 'source_code', protectedBranchUsageCounts.all),
  count('counts.personal_access_tokens', 'Personal access tokens', 'authentication', tokenUsageCounts.all),
  count('counts.keys', 'SSH keys', 'source_code', sshKeyUsageCounts.all),
  count(
    'counts.container_repositories',
    'Container registry repositories',
    'container_registry',
    containerRegistryUsageCounts.repositories,
  ),
  // GitLab compares the live schema with its structure.sql; here migrations are checked against the
  // schema before release (npm run db:check), so there is nothing to report.
  system(
    'schema_inconsistencies_metric',
    'Differences between the database schema and the expected one',
    'array',
    () => [],
  ),
]

/** GitLab's categories: standard and subscription always, operational and optional by setting. */
function collectedCategories(settings: Record<string, unknown>): string[] {
  const out = ['standard', 'subscription']
  if (settings.usage_ping_enabled === true) out.push('operational')
  if (settings.usage_ping_enabled === true && settings.include_optional_metrics_in_service_ping === true)
    out.push('optional')
  return out
}

/** The key path of the all-time total of a tracked event (GitLab's internal events total counters). */
export const eventKeyPath = (event: string) => `counts.count_total_${event}`

/** The definition of a tracked event's total; its value comes from the event counts. */
export function eventMetric(event: string): MetricDefinition {
  return {
    ...base,
    tier: ALL_TIERS,
    key_path: eventKeyPath(event),
    description: `Total count of the ${event} event`,
    product_group: 'analytics_instrumentation',
    value_type: 'number',
    time_frame: 'all',
    data_source: 'internal_events',
  }
}

/** The definition fields only (what metric_definitions lists), in GitLab's order. */
export function definitionOf(m: MetricDefinition): MetricDefinition {
  return {
    key_path: m.key_path,
    description: m.description,
    product_group: m.product_group,
    value_type: m.value_type,
    status: m.status,
    time_frame: m.time_frame,
    data_source: m.data_source,
    tier: [...m.tier],
  }
}
