// Network: user and IP rate limits (throttle families), per-endpoint API rate limits, outbound
// requests, protected paths and the asset proxy.
import type { SettingDef } from './definitions'
import { builders, throttleFamily } from './definitions-helpers'

const { bool, int, str, list } = builders('network')

const limit = (key: string, dflt: number, label: string, description: string): SettingDef =>
  int(key, dflt, label, description, { min: 0 })

export const NETWORK_SETTINGS: readonly SettingDef[] = [
  // User and IP rate limits
  ...throttleFamily('authenticated_api', 'Authenticated API', 7200, 3600),
  ...throttleFamily('authenticated_web', 'Authenticated web', 7200, 3600),
  ...throttleFamily('authenticated_git_http', 'Authenticated Git HTTP', 3600, 3600, {
    note: 'Conditionally required; default false.',
  }),
  ...throttleFamily('authenticated_packages_api', 'Authenticated packages API', 1000, 15),
  ...throttleFamily('authenticated_files_api', 'Authenticated files API', 500, 15),
  ...throttleFamily('authenticated_deprecated_api', 'Authenticated deprecated API', 3600, 3600),
  ...throttleFamily('authenticated_git_lfs', 'Authenticated Git LFS', 1000, 60),
  ...throttleFamily('unauthenticated_api', 'Unauthenticated API', 3600, 3600, { note: 'Per IP.' }),
  ...throttleFamily('unauthenticated_web', 'Unauthenticated web', 3600, 3600, { note: 'Per IP.' }),
  ...throttleFamily('unauthenticated', 'Unauthenticated (deprecated)', 3600, 3600, {
    deprecated: true,
    note: 'Deprecated; use the web or api variants.',
  }),
  ...throttleFamily('unauthenticated_git_http', 'Unauthenticated Git HTTP', 3600, 3600, { note: 'Default false.' }),
  ...throttleFamily('unauthenticated_packages_api', 'Unauthenticated packages API', 800, 15),
  ...throttleFamily('unauthenticated_files_api', 'Unauthenticated files API', 125, 15),
  ...throttleFamily('unauthenticated_deprecated_api', 'Unauthenticated deprecated API', 1800, 3600),
  bool(
    'throttle_protected_paths_enabled',
    false,
    'Protected paths throttle enabled',
    'Rate limit requests to protected paths.',
  ),
  int(
    'throttle_protected_paths_in_seconds',
    10,
    'Protected paths period (seconds)',
    'Protected paths rate limit period.',
    { min: 1 },
  ),
  int('throttle_protected_paths_per_period', 60, 'Protected paths requests per period', 'Protected paths rate limit.', {
    min: 1,
  }),
  list(
    'protected_paths',
    [
      '/users/password',
      '/users/sign_in',
      '/api/v3/session.json',
      '/api/v3/session',
      '/api/v4/session.json',
      '/api/v4/session',
      '/users',
      '/users/confirmation',
      '/unsubscribes/',
      '/import/github/personal_access_token',
      '/admin/session',
    ],
    'Protected paths',
    'Paths rate limited by the protected paths throttle.',
    { maxItems: 100 },
  ),
  str('rate_limiting_response_text', null, 'Rate limit response text', 'Plain-text body of 429 responses.'),
  bool(
    'unique_ips_limit_enabled',
    false,
    'Limit sign-ins from unique IPs',
    'Requires unique_ips_limit_per_user and unique_ips_limit_time_window.',
    {
      requires: ['unique_ips_limit_per_user', 'unique_ips_limit_time_window'],
      section: 'security',
    },
  ),
  int('unique_ips_limit_per_user', 10, 'Unique IPs per user', 'Required by unique_ips_limit_enabled.', {
    min: 1,
    section: 'security',
  }),
  int(
    'unique_ips_limit_time_window',
    3600,
    'Unique IP time window (seconds)',
    'Required by unique_ips_limit_enabled.',
    { min: 0, section: 'security' },
  ),

  // Per-endpoint rate limits (requests per minute unless noted; 0 disables)
  limit(
    'autocomplete_users',
    300,
    'Autocomplete users limit',
    'Authenticated requests per minute to /autocomplete/users.',
  ),
  limit(
    'autocomplete_users_unauthenticated',
    100,
    'Autocomplete users unauthenticated limit',
    'Unauthenticated requests per minute.',
  ),
  limit('issues_create_limit', 300, 'Issue creation limit', 'Maximum issues created per minute per user.'),
  limit('notes_create_limit', 300, 'Note creation limit', 'Maximum notes created per minute per user.'),
  limit('raw_blob_request_limit', 300, 'Raw blob request limit', 'Maximum raw file requests per minute per file.'),
  limit('search_rate_limit', 30, 'Search rate limit', 'Authenticated search requests per minute.'),
  limit(
    'search_rate_limit_unauthenticated',
    10,
    'Unauthenticated search rate limit',
    'Unauthenticated search requests per minute.',
  ),
  limit('project_jobs_api_rate_limit', 600, 'Project jobs API limit', 'Requests per minute to the project jobs API.'),
  limit(
    'projects_api_rate_limit_unauthenticated',
    400,
    'Unauthenticated projects API limit',
    'Unauthenticated requests to the projects list per 10 minutes.',
  ),
  limit('runner_jobs_request_api_limit', 2000, 'Runner job request limit', 'Runner job request API limit per minute.'),
  limit(
    'runner_jobs_patch_trace_api_limit',
    200,
    'Runner trace patch limit',
    'Runner job trace patch API limit per minute.',
  ),
  limit(
    'runner_jobs_endpoints_api_limit',
    200,
    'Runner job endpoints limit',
    'Other runner job endpoints API limit per minute.',
  ),
  limit('users_api_limit_followers', 100, 'User followers API limit', "Requests per minute to a user's followers."),
  limit('users_api_limit_following', 100, 'User following API limit', "Requests per minute to a user's followings."),
  limit('users_api_limit_status', 240, 'User status API limit', "Requests per minute to a user's status."),
  limit('users_api_limit_ssh_keys', 120, 'User SSH keys API limit', "Requests per minute to a user's SSH keys."),
  limit('users_api_limit_ssh_key', 120, 'User SSH key API limit', 'Requests per minute to one SSH key.'),
  limit('users_api_limit_gpg_keys', 120, 'User GPG keys API limit', "Requests per minute to a user's GPG keys."),
  limit('users_api_limit_gpg_key', 120, 'User GPG key API limit', 'Requests per minute to one GPG key.'),
  limit(
    'virtual_registries_endpoints_api_limit',
    1000,
    'Virtual registries API limit',
    'Requests per 15 seconds to virtual registry endpoints (paid tiers).',
  ),
  limit(
    'dependency_scanning_sbom_scan_api_download_limit',
    400,
    'SBOM scan download limit',
    'SBOM scan result downloads per minute (paid tiers).',
  ),
  limit(
    'dependency_scanning_sbom_scan_api_upload_limit',
    50,
    'SBOM scan upload limit',
    'SBOM scan uploads per minute (paid tiers).',
  ),
  limit(
    'downstream_pipeline_trigger_limit_per_project_user_sha',
    0,
    'Downstream pipeline trigger limit',
    'Downstream pipelines per minute per project, user and commit; 0 for unlimited.',
  ),

  // Outbound requests
  bool(
    'allow_local_requests_from_web_hooks_and_services',
    false,
    'Allow local requests from webhooks and integrations',
    'Allow requests to the local network from webhooks and integrations.',
  ),
  bool(
    'allow_local_requests_from_hooks_and_services',
    false,
    'Allow local requests from hooks (deprecated)',
    'Deprecated; use allow_local_requests_from_web_hooks_and_services.',
    {
      deprecated: true,
    },
  ),
  bool(
    'allow_local_requests_from_system_hooks',
    true,
    'Allow local requests from system hooks',
    'Allow requests to the local network from system hooks.',
  ),
  bool(
    'dns_rebinding_protection_enabled',
    true,
    'DNS rebinding protection',
    'Enforce DNS-rebinding attack protection.',
  ),
  bool(
    'deny_all_requests_except_allowed',
    false,
    'Block all outbound requests except allowed',
    'Block all requests to the internet and local network except the allowlist.',
  ),
  list(
    'outbound_local_requests_whitelist',
    [],
    'Local outbound requests allowlist',
    'IPs, CIDRs and hostnames to which local requests from hooks are allowed. Array or comma/newline separated string.',
    { maxItems: 1000 },
  ),
  str(
    'outbound_local_requests_allowlist_raw',
    '',
    'Local outbound requests allowlist (raw)',
    'outbound_local_requests_whitelist as one newline separated string.',
  ),

  // Asset proxy
  bool('asset_proxy_enabled', false, 'Asset proxy enabled', 'Requires asset_proxy_url; restart needed.', {
    requires: ['asset_proxy_url'],
  }),
  str('asset_proxy_url', null, 'Asset proxy URL', 'URL of the asset proxy server.', { format: 'url' }),
  str('asset_proxy_secret_key', null, 'Asset proxy secret key', 'Shared secret with the asset proxy server.', {
    secret: true,
  }),
  list(
    'asset_proxy_allowlist',
    [],
    'Asset proxy allowlist',
    'Domains not proxied; wildcards allowed. String or array of strings.',
  ),
  list('asset_proxy_whitelist', [], 'Asset proxy allowlist (deprecated)', 'Deprecated; use asset_proxy_allowlist.', {
    deprecated: true,
  }),

  // Iframe rendering
  bool('iframe_rendering_enabled', false, 'Iframe rendering', 'Render iframes in Markdown; default off.', {
    section: 'preferences',
  }),
  list(
    'iframe_rendering_allowlist',
    [],
    'Iframe rendering allowlist',
    'host[:port] entries allowed as iframe sources.',
    { section: 'preferences' },
  ),
  str(
    'iframe_rendering_allowlist_raw',
    '',
    'Iframe rendering allowlist (raw)',
    'Newline or comma separated iframe allowlist.',
    { section: 'preferences' },
  ),
]
