// CI/CD: Auto DevOps, runners, job artifacts, pipeline limits, package and container registry.
import type { SettingDef } from './definitions'
import { builders } from './definitions-helpers'

const { bool, int, str, list } = builders('ci_cd')

const runnerTokenInterval = (key: string, label: string): SettingDef =>
  int(key, null, label, 'Seconds; minimum 7200. Null means runner authentication tokens never expire.', { min: 7200 })

export const CI_CD_SETTINGS: readonly SettingDef[] = [
  bool('auto_devops_enabled', true, 'Default to Auto DevOps pipeline', 'Enable Auto DevOps for projects by default.'),
  str('auto_devops_domain', null, 'Auto DevOps domain', 'Default domain for Auto DevOps deployments.'),
  bool(
    'shared_runners_enabled',
    true,
    'Instance runners for new projects',
    'Requires shared_runners_text and shared_runners_minutes.',
    {
      requires: ['shared_runners_text', 'shared_runners_minutes'],
    },
  ),
  str('shared_runners_text', null, 'Instance runners text', 'Required by shared_runners_enabled.'),
  int(
    'shared_runners_minutes',
    0,
    'Compute quota (minutes)',
    'Required by shared_runners_enabled; paid tiers. 0 for unlimited.',
    { min: 0 },
  ),
  bool(
    'allow_runner_registration_token',
    true,
    'Allow runner registration token',
    'Allow registering runners with a registration token; default true.',
  ),
  list(
    'valid_runner_registrars',
    ['project', 'group'],
    'Valid runner registrars',
    'Members who may register runners: of projects, of groups, both or neither.',
    {
      enum: ['project', 'group'],
      maxItems: 2,
    },
  ),
  runnerTokenInterval('runner_token_expiration_interval', 'Instance runner token expiration (seconds)'),
  runnerTokenInterval('group_runner_token_expiration_interval', 'Group runner token expiration (seconds)'),
  runnerTokenInterval('project_runner_token_expiration_interval', 'Project runner token expiration (seconds)'),
  bool(
    'update_runner_versions_enabled',
    true,
    'Fetch runner release versions',
    'Fetch runner release version data to check for upgrades.',
  ),
  str(
    'archive_builds_in_human_readable',
    null,
    'Archive jobs after',
    'Expiry of jobs (at least 1 day, e.g. 15 days); empty never expires.',
  ),
  str(
    'default_artifacts_expire_in',
    '30 days',
    'Default artifacts expiration',
    'Default expiration of job artifacts, e.g. "30 days".',
  ),
  int('max_artifacts_size', 100, 'Maximum artifacts size (MiB)', 'Maximum size of job artifacts in MiB.', { min: 1 }),
  bool(
    'keep_latest_artifact',
    true,
    'Keep latest artifacts',
    'Keep the latest artifacts of the most recent successful pipeline.',
  ),
  bool(
    'enable_artifact_external_redirect_warning_page',
    true,
    'External redirect warning for artifacts',
    'Show a warning page before redirecting to artifacts served on an external domain.',
  ),
  str(
    'default_ci_config_path',
    null,
    'Default CI/CD configuration file',
    'Default path of the CI/CD configuration file for new projects.',
    { maxLength: 255 },
  ),
  bool(
    'protected_ci_variables',
    true,
    'Protect CI/CD variables by default',
    'New CI/CD variables are protected by default.',
  ),
  int('ci_max_includes', 150, 'Maximum includes', 'Maximum number of includes per pipeline.', { min: 0 }),
  int('max_yaml_size_bytes', 2097152, 'Maximum YAML size (bytes)', 'Maximum size of a CI/CD YAML file.', { min: 1 }),
  int('max_yaml_depth', 100, 'Maximum YAML depth', 'Maximum nesting depth of a CI/CD YAML file.', { min: 1 }),
  bool(
    'suggest_pipeline_enabled',
    true,
    'Suggest pipeline',
    'Suggest adding a pipeline to merge requests of projects without one.',
  ),
  str(
    'external_pipeline_validation_service_url',
    null,
    'External pipeline validation URL',
    'URL of the external pipeline validation service.',
    { format: 'url' },
  ),
  str(
    'external_pipeline_validation_service_token',
    null,
    'External pipeline validation token',
    'Token sent to the validation service.',
    { secret: true },
  ),
  str(
    'external_pipeline_validation_service_timeout',
    null,
    'External pipeline validation timeout',
    'Timeout of validation requests in seconds (string or null in the read model).',
  ),

  // Package registry
  bool(
    'maven_package_requests_forwarding',
    true,
    'Forward Maven requests',
    'Forward Maven package requests to the public registry.',
  ),
  bool(
    'npm_package_requests_forwarding',
    true,
    'Forward npm requests',
    'Forward npm package requests to the public registry.',
  ),
  bool(
    'pypi_package_requests_forwarding',
    true,
    'Forward PyPI requests',
    'Forward PyPI package requests to the public registry.',
  ),
  bool(
    'package_registry_allow_anyone_to_pull_option',
    true,
    'Allow anyone to pull packages',
    'Allow projects to let anyone pull packages, even without access.',
  ),
  bool(
    'nuget_skip_metadata_url_validation',
    false,
    'Skip NuGet metadata URL validation',
    'Skip validation of NuGet metadata URLs.',
  ),
  int(
    'helm_max_packages_count',
    1000,
    'Maximum Helm packages',
    'Maximum Helm packages listed per channel; at least 1, default 1000.',
    { min: 1 },
  ),
  int(
    'package_registry_cleanup_policies_worker_capacity',
    2,
    'Package cleanup workers',
    'Maximum concurrent package cleanup policy workers.',
    { min: 0 },
  ),

  // Container registry
  int(
    'container_registry_token_expire_delay',
    5,
    'Registry token duration (minutes)',
    'Container registry token duration in minutes.',
    { min: 1 },
  ),
  bool(
    'container_expiration_policies_enable_historic_entries',
    false,
    'Cleanup policies for all projects',
    'Enable cleanup policies for projects created before the feature existed.',
  ),
  bool(
    'container_registry_expiration_policies_caching',
    true,
    'Cache cleanup policy tags',
    'Cache tags during cleanup policy runs.',
  ),
  int(
    'container_registry_expiration_policies_worker_capacity',
    4,
    'Cleanup policy workers',
    'Maximum concurrent cleanup policy workers.',
    { min: 0 },
  ),
  int(
    'container_registry_cleanup_tags_service_max_list_size',
    200,
    'Cleanup tags per execution',
    'Maximum tags deleted in one cleanup execution.',
    { min: 0 },
  ),
  int(
    'container_registry_delete_tags_service_timeout',
    250,
    'Cleanup tags timeout (seconds)',
    'Maximum time of a tag cleanup execution.',
    { min: 0 },
  ),
]
