// General, first part: visibility and access controls, account and limit settings (sign-up, sign-in
// and terms of service are in definitions-sign-in.ts).
import type { SettingDef } from './definitions'
import { builders } from './definitions-helpers'

const { bool, int, str, list, hash } = builders('general')
const VISIBILITY = ['private', 'internal', 'public'] as const

export const GENERAL_SETTINGS: readonly SettingDef[] = [
  // Visibility and access controls
  str('default_project_visibility', 'private', 'Default project visibility', 'Visibility of new projects.', {
    enum: VISIBILITY,
  }),
  str('default_group_visibility', 'private', 'Default group visibility', 'Visibility of new groups.', {
    enum: VISIBILITY,
  }),
  str('default_snippet_visibility', 'private', 'Default snippet visibility', 'Visibility of new snippets.', {
    enum: VISIBILITY,
  }),
  list(
    'restricted_visibility_levels',
    null,
    'Restricted visibility levels',
    'Visibility levels only administrators may give to groups, projects and snippets; cannot include the default project or group visibility.',
    { enum: VISIBILITY, maxItems: 3 },
  ),
  int(
    'default_project_creation',
    2,
    'Default project creation protection',
    'Minimum role allowed to create projects in groups.',
    { enum: [0, 1, 2, 3, 4] },
  ),
  bool(
    'allow_project_creation_for_guest_and_below',
    true,
    'Allow project creation for guests and below',
    'Allow users with the Guest role or below to create projects; default true.',
  ),
  str('enabled_git_access_protocol', null, 'Enabled Git access protocols', 'Protocols allowed for Git access.', {
    enum: ['ssh', 'http'],
  }),
  bool('project_export_enabled', true, 'Project export enabled', 'Enable project export.', { section: 'imports' }),
  bool(
    'top_level_group_creation_enabled',
    true,
    'Top-level group creation',
    'Allow users to create top-level groups; default true.',
  ),
  bool(
    'can_create_group',
    true,
    'Users can create groups',
    'Whether new users can create top-level groups by default.',
  ),
  bool('disable_invite_members', false, 'Disable invite members', 'Disable the invite members feature.'),
  // Part A's Invitations names it; not in Part B's settings table.
  bool(
    'enable_member_promotion_management',
    false,
    'Member promotion management',
    'Promotions above Guest of users without a billable role wait for administrator approval.',
  ),
  bool(
    'allow_immediate_namespaces_deletion',
    true,
    'Allow immediate namespace deletion',
    'Allow immediate deletion of groups and projects pending deletion (feature flag, off by default).',
  ),
  int(
    'deletion_adjourned_period',
    30,
    'Deletion retention period (days)',
    'Number of days to wait before deleting a project or group marked for deletion.',
    { min: 1, max: 90 },
  ),
  bool(
    'default_project_deletion_protection',
    false,
    'Default project deletion protection',
    'Only administrators can delete projects (paid tiers).',
  ),

  // Account and limit settings
  int(
    'default_projects_limit',
    100000,
    'Default projects limit',
    'Maximum number of personal projects for new users.',
    { min: 0 },
  ),
  int('max_attachment_size', 100, 'Maximum attachment size (MiB)', 'Maximum size of an uploaded attachment in MiB.', {
    min: 1,
  }),
  int('max_export_size', 0, 'Maximum export size (MiB)', 'Maximum export size in MiB; 0 for unlimited.', {
    min: 0,
    section: 'imports',
  }),
  int('max_import_size', 0, 'Maximum import size (MiB)', 'Maximum import size in MiB; 0 for unlimited.', {
    min: 0,
    section: 'imports',
  }),
  int(
    'max_import_remote_file_size',
    10240,
    'Maximum remote import file size (MiB)',
    'Maximum remote file size for imports from external object storage, in MiB; 0 for unlimited.',
    { min: 0, section: 'imports' },
  ),
  int(
    'max_decompressed_archive_size',
    25600,
    'Maximum decompressed archive size (MiB)',
    'Maximum decompressed file size for imported archives in MiB; 0 for unlimited.',
    {
      min: 0,
      section: 'imports',
    },
  ),
  int(
    'decompress_archive_file_timeout',
    210,
    'Archive decompression timeout (seconds)',
    'Default timeout for decompressing archived files, in seconds; 0 for no timeout.',
    {
      min: 0,
      section: 'imports',
    },
  ),
  int(
    'snippet_size_limit',
    52428800,
    'Snippet size limit (bytes)',
    'Maximum snippet content size in bytes, default 52428800.',
    { min: 1 },
  ),
  int(
    'wiki_page_max_content_bytes',
    5242880,
    'Wiki page maximum content (bytes)',
    'Maximum wiki page content size in bytes, default 5242880, minimum 1024.',
    { min: 1024 },
  ),
  int(
    'asciidoc_max_includes',
    32,
    'AsciiDoc maximum includes',
    'Maximum include directives per AsciiDoc document, default 32, max 64.',
    { min: 0, max: 64 },
  ),
  bool('user_default_external', false, 'New users are external', 'Newly registered users are external by default.'),
  str(
    'user_default_internal_regex',
    null,
    'Internal users regex',
    'Email addresses matching this regex are not made external when user_default_external is on.',
    {
      format: 'regex',
      maxLength: 255,
    },
  ),
  bool(
    'user_defaults_to_private_profile',
    false,
    'Private profile by default',
    'New users get a private profile; default false.',
  ),
  bool(
    'avatar_service_enabled',
    true,
    'Avatar service enabled',
    'Use the external avatar service for users without an uploaded avatar.',
  ),
  bool(
    'allow_group_owners_to_manage_ldap',
    true,
    'Group owners manage LDAP',
    'Allow group owners to manage LDAP group links (paid tiers).',
  ),
  bool(
    'user_oauth_applications',
    true,
    'User OAuth applications',
    'Allow users to register applications using the instance as OAuth provider.',
  ),
  bool(
    'user_show_add_ssh_key_message',
    true,
    'Show add SSH key message',
    'Warn users without an SSH key that they cannot pull or push over SSH.',
  ),
  bool(
    'allow_account_deletion',
    true,
    'Allow account deletion',
    'Allow users to delete their own account (paid tiers).',
  ),
  bool(
    'updating_name_disabled_for_users',
    false,
    'Prevent users from changing their name',
    'Users cannot update their profile name.',
  ),
  bool(
    'time_tracking_limit_to_hours',
    false,
    'Limit time tracking to hours',
    'Display time tracking in hours only; default false.',
  ),
  int(
    'terminal_max_session_time',
    0,
    'Web terminal maximum session time (seconds)',
    'Maximum time for web terminal websocket connections, in seconds; 0 for unlimited.',
    {
      min: 0,
      section: 'ci_cd',
    },
  ),
  hash('resource_usage_limits', {}, 'Resource usage limits', 'Resource usage limits (hosted offering only).'),
  hash('usage_billing', {}, 'Usage billing', 'Usage billing settings.'),
  bool('delete_inactive_projects', false, 'Delete inactive projects', 'Delete dormant projects; default false.', {
    section: 'repository',
  }),
  int(
    'inactive_projects_delete_after_months',
    2,
    'Delete inactive projects after (months)',
    'Months of inactivity after which a project is deleted; default 2.',
    {
      min: 1,
      section: 'repository',
    },
  ),
  int(
    'inactive_projects_min_size_mb',
    0,
    'Inactive project minimum size (MB)',
    'Only projects at least this large are deleted when inactive; default 0.',
    {
      min: 0,
      section: 'repository',
    },
  ),
  int(
    'inactive_projects_send_warning_email_after_months',
    1,
    'Warn about inactive projects after (months)',
    'Months of inactivity after which a dormant-project warning email is sent; must be less than the delete delay.',
    { min: 1, section: 'repository' },
  ),
]
