// The feature flags this product knows (GitLab's config/feature_flags/**/*.yml), with the fields of
// Feature::Definition::PARAMS. Both usage-data flags are GitLab's `ops` flags, default off.
import type { FeatureDefinitionJson } from './schema'

/** An `ops` flag of the analytics instrumentation group, introduced in 13.11, default off. */
const analyticsOpsFlag = (name: string, introducedBy: string): FeatureDefinitionJson => ({
  name,
  feature_issue_url: null,
  introduced_by_url: introducedBy,
  rollout_issue_url: null,
  milestone: '13.11',
  log_state_changes: null,
  type: 'ops',
  group: 'group::analytics instrumentation',
  default_enabled: false,
  intended_to_rollout_by: null,
})

export const FEATURE_DEFINITIONS: readonly FeatureDefinitionJson[] = [
  analyticsOpsFlag('usage_data_queries_api', 'https://gitlab.com/gitlab-org/gitlab/-/merge_requests/57016'),
  analyticsOpsFlag('usage_data_non_sql_metrics', 'https://gitlab.com/gitlab-org/gitlab/-/merge_requests/57050'),
]

const BY_NAME = new Map(FEATURE_DEFINITIONS.map((d) => [d.name, d]))

export const featureDefinition = (name: string): FeatureDefinitionJson | null => BY_NAME.get(name) ?? null
