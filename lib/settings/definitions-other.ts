// Repository, Metrics and profiling, Preferences, and Import and export settings.
import type { SettingDef } from './definitions'
import { builders } from './definitions-helpers'

const repo = builders('repository')
const met = builders('metrics')
const pref = builders('preferences')
const imp = builders('imports')

const IMPORT_SOURCES = [
  'github',
  'bitbucket',
  'bitbucket_server',
  'fogbugz',
  'git',
  'gitlab_project',
  'gitea',
  'manifest',
  'gitlab_built_in_project_template',
] as const

export const OTHER_SETTINGS: readonly SettingDef[] = [
  // Repository
  repo.str(
    'default_branch_name',
    null,
    'Initial default branch name',
    'Name of the initial branch of new repositories (null: main).',
    { maxLength: 255 },
  ),
  repo.bool(
    'mirror_available',
    true,
    'Allow repository mirroring',
    'Allow project maintainers to configure repository mirroring.',
  ),
  repo.bool('repository_checks_enabled', true, 'Repository checks', 'Periodically run git fsck on all repositories.'),
  repo.bool(
    'housekeeping_enabled',
    true,
    'Housekeeping',
    'Enable automatic repository housekeeping (git repack, git gc).',
  ),
  repo.int(
    'housekeeping_incremental_repack_period',
    10,
    'Incremental repack period',
    'Pushes after which an incremental repack runs.',
    { min: 1 },
  ),
  repo.int('housekeeping_full_repack_period', 50, 'Full repack period', 'Pushes after which a full repack runs.', {
    min: 1,
  }),
  repo.int('housekeeping_gc_period', 200, 'Git GC period', 'Pushes after which git gc runs.', { min: 1 }),
  repo.bool('authorized_keys_enabled', true, 'Use authorized_keys file', 'Write SSH keys to the authorized_keys file.'),
  repo.bool(
    'automatic_purchased_storage_allocation',
    false,
    'Automatic purchased storage allocation',
    'Automatically allocate purchased storage to namespaces.',
  ),
  repo.int('diff_max_patch_bytes', 204800, 'Maximum diff patch size (bytes)', 'Maximum size of a single diff patch.', {
    min: 102400,
    max: 512000,
  }),
  repo.int('diff_max_files', 1000, 'Maximum diff files', 'Maximum files in a diff.', { min: 500, max: 3000 }),
  repo.int('diff_max_lines', 50000, 'Maximum diff lines', 'Maximum lines in a diff.', { min: 50000, max: 100000 }),
  repo.int(
    'push_event_hooks_limit',
    3,
    'Push event hooks limit',
    'Branches or tags pushed at once above which a single bulk push event is sent.',
    { min: 0 },
  ),
  repo.int(
    'push_event_activities_limit',
    3,
    'Push event activities limit',
    'Branches or tags pushed at once above which a single bulk push activity is created.',
    { min: 0 },
  ),
  repo.int('receive_max_input_size', null, 'Maximum push size (MiB)', 'Maximum push size in MiB; null for unlimited.', {
    min: 0,
  }),

  // Metrics and profiling
  met.bool('usage_ping_enabled', true, 'Service ping', 'Weekly license usage report.'),
  met.bool(
    'include_optional_metrics_in_service_ping',
    true,
    'Optional metrics in service ping',
    'Include optional metrics in service ping.',
  ),
  met.bool('version_check_enabled', true, 'Version check', 'Inform administrators when an update is available.'),
  met.int(
    'performance_bar_allowed_group_id',
    null,
    'Performance bar group',
    'ID of the group allowed to use the performance bar.',
  ),
  met.bool(
    'prometheus_metrics_enabled',
    true,
    'Prometheus metrics',
    'Expose health and performance metrics in Prometheus format.',
  ),
  met.bool(
    'tracker_enabled',
    false,
    'Event tracking enabled',
    'Enable event tracking; requires tracker_collector_hostname.',
    { requires: ['tracker_collector_hostname'] },
  ),
  met.str('tracker_collector_hostname', null, 'Tracking collector hostname', 'Required by tracker_enabled.', {
    format: 'hostname',
  }),
  met.str(
    'tracker_database_collector_hostname',
    null,
    'Tracking database collector hostname',
    'Database collector hostname.',
    { format: 'hostname' },
  ),
  met.str('tracker_app_id', null, 'Tracking app ID', 'Application ID of the event tracker.'),
  met.str('tracker_cookie_domain', null, 'Tracking cookie domain', 'Cookie domain of the event tracker.'),
  met.bool('floc_enabled', false, 'Federated Learning of Cohorts', 'Participate in FLoC.'),
  met.bool(
    'use_columnar_store_for_analytics',
    false,
    'Columnar store for analytics',
    'Use the columnar store for analytics (paid tiers).',
  ),

  // Preferences
  pref.str('whats_new_variant', 'all_tiers', "What's new variant", "Which What's new items users see, if any.", {
    enum: ['all_tiers', 'current_tier', 'disabled'],
  }),
  pref.int('first_day_of_week', 0, 'First day of the week', 'First day of the week in calendars and date pickers.', {
    enum: [0, 1, 6],
  }),
  pref.str('default_preferred_language', 'en', 'Default language', 'Default language of new users.'),
  {
    ...pref.int(
      'polling_interval_multiplier',
      1,
      'Polling interval multiplier',
      'Multiplier of real-time polling intervals; 0 disables polling.',
      { min: 0 },
    ),
    type: 'float',
    decimal: true,
  },
  pref.int('local_markdown_version', 0, 'Local Markdown version', 'Increase to invalidate cached Markdown.', {
    min: 0,
  }),
  pref.bool('html_emails_enabled', true, 'HTML emails', 'Send emails in HTML as well as plain text.'),
  pref.bool(
    'email_author_in_body',
    false,
    'Author name in email body',
    'Include the author name in notification email bodies.',
  ),
  pref.str(
    'commit_email_hostname',
    null,
    'Custom hostname for private commit emails',
    'Hostname of private commit emails.',
    { format: 'hostname' },
  ),
  pref.str('help_page_text', null, 'Help page text', 'Markdown shown on the help page.'),
  pref.bool(
    'help_page_hide_commercial_content',
    false,
    'Hide marketing content on help page',
    'Hide marketing content on the help page.',
  ),
  pref.str('help_page_support_url', null, 'Support page URL', 'Alternate support URL for the help page and menu.', {
    format: 'url',
  }),
  pref.str(
    'help_page_documentation_base_url',
    'https://docs.gitlab.com',
    'Documentation pages URL',
    'Base URL of the documentation links.',
    { format: 'url' },
  ),
  pref.bool('hide_third_party_offers', false, 'Hide third-party offers', 'Do not display offers from third parties.'),
  pref.str('security_txt_content', null, 'security.txt content', 'Content of /.well-known/security.txt.', {
    maxLength: 2048,
  }),
  pref.bool('silent_mode_enabled', false, 'Silent mode', 'Suppress outbound communication; default false.', {
    section: 'general',
  }),
  pref.int('gitaly_timeout_default', 55, 'Gitaly default timeout (seconds)', 'Default timeout of Gitaly calls.', {
    min: 0,
  }),
  pref.int('gitaly_timeout_medium', 30, 'Gitaly medium timeout (seconds)', 'Medium timeout of Gitaly calls.', {
    min: 0,
  }),
  pref.int('gitaly_timeout_fast', 10, 'Gitaly fast timeout (seconds)', 'Fast timeout of Gitaly calls.', { min: 0 }),
  pref.str(
    'jobqueue_job_limiter_mode',
    'compress',
    'Job queue size limiter mode',
    'What happens to job payloads over the limit: tracked only, or compressed.',
    {
      enum: ['track', 'compress'],
    },
  ),
  pref.int(
    'jobqueue_job_limiter_compression_threshold_bytes',
    100000,
    'Job queue compression threshold (bytes)',
    'Job payloads larger than this are compressed; default 100,000.',
    { min: 0 },
  ),
  pref.int(
    'jobqueue_job_limiter_limit_bytes',
    0,
    'Job queue size limit (bytes)',
    'Job payloads larger than this are rejected; default 0 (no rejection).',
    { min: 0 },
  ),
  pref.int('max_pages_size', 100, 'Maximum Pages size (MiB)', 'Maximum size of a Pages site; 0 for unlimited.', {
    min: 0,
  }),

  // Import and export
  imp.bool(
    'bulk_importing_enabled',
    false,
    'Direct transfer',
    'Allow migrating groups and projects by direct transfer; default false.',
  ),
  imp.list('import_sources', [...IMPORT_SOURCES], 'Import sources', 'Sources enabled for project import.', {
    enum: IMPORT_SOURCES,
  }),
  imp.bool(
    'silent_admin_exports_enabled',
    false,
    'Silent admin exports',
    'Silence notifications of exports started by administrators; default false.',
  ),
  imp.int(
    'bulk_import_max_download_file_size',
    5120,
    'Direct transfer maximum download file size (MiB)',
    'Maximum size of a file downloaded by direct transfer.',
    { min: 0 },
  ),
  imp.int(
    'bulk_import_concurrent_pipeline_batch_limit',
    25,
    'Direct transfer concurrent batch limit',
    'Maximum simultaneous direct transfer batches.',
    { min: 1 },
  ),
  imp.int(
    'concurrent_relation_batch_export_limit',
    8,
    'Concurrent relation batch export limit',
    'Maximum simultaneous relation batch exports.',
    { min: 1 },
  ),
  imp.int('relation_export_batch_size', 50, 'Relation export batch size', 'Relations exported per batch.', { min: 1 }),
  imp.int(
    'concurrent_github_import_jobs_limit',
    1000,
    'GitHub import concurrency',
    'Maximum simultaneous GitHub import jobs.',
    { min: 1 },
  ),
  imp.int(
    'concurrent_bitbucket_import_jobs_limit',
    100,
    'Bitbucket Cloud import concurrency',
    'Maximum simultaneous Bitbucket Cloud import jobs.',
    { min: 1 },
  ),
  imp.int(
    'concurrent_bitbucket_server_import_jobs_limit',
    100,
    'Bitbucket Server import concurrency',
    'Maximum simultaneous Bitbucket Server import jobs.',
    { min: 1 },
  ),
  imp.int(
    'project_export_limit',
    6,
    'Project export requests per minute',
    'Project export requests per minute per user.',
    { min: 0 },
  ),
  imp.int(
    'project_import_limit',
    6,
    'Project import requests per minute',
    'Project import requests per minute per user.',
    { min: 0 },
  ),
  imp.int(
    'project_download_export_limit',
    1,
    'Project export downloads per minute',
    'Project export downloads per minute per user.',
    { min: 0 },
  ),
  imp.int('group_export_limit', 6, 'Group export requests per minute', 'Group export requests per minute per user.', {
    min: 0,
  }),
  imp.int('group_import_limit', 6, 'Group import requests per minute', 'Group import requests per minute per user.', {
    min: 0,
  }),
  imp.int(
    'group_download_export_limit',
    1,
    'Group export downloads per minute',
    'Group export downloads per minute per user.',
    { min: 0 },
  ),
]
