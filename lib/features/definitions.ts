// The feature flags this product knows (GitLab's config/feature_flags/**/*.yml), with the fields of
// Feature::Definition::PARAMS. Both usage-data flags are GitLab's `ops` flags, default off.
import type { FeatureDefinitionJson } from './schema'

export const FEATURE_DEFINITIONS: readonly FeatureDefinitionJson[] = [
  {
    name: 'usage_data_queries_api',
    feature_issue_url: null,
    introduced_by_url: 'https://gitlab.com/gitlab-org/gitlab/-/merge_requests/57016',
    rollout_issue_url: null,
    milestone: '13.11',
    log_state_changes: null,
    type: 'ops',
    group: 'group::analytics instrumentation',
    default_enabled: false,
    intended_to_rollout_by: null,
  },
  {
    name: 'usage_data_non_sql_metrics',
    feature_issue_url: null,
    introduced_by_url: 'https://gitlab.com/gitlab-org/gitlab/-/merge_requests/57050',
    rollout_issue_url: null,
    milestone: '13.11',
    log_state_changes: null,
    type: 'ops',
    group: 'group::analytics instrumentation',
    default_enabled: false,
    intended_to_rollout_by: null,
  },
]

const BY_NAME = new Map(FEATURE_DEFINITIONS.map((d) => [d.name, d]))

export const featureDefinition = (name: string): FeatureDefinitionJson | null => BY_NAME.get(name) ?? null
