// General: visibility and access controls, account and limit settings, sign-up / sign-in
// restrictions, terms of service.
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

  // Sign-up restrictions
  bool('signup_enabled', true, 'Sign-up enabled', 'Allow new users to create accounts; default true.'),
  bool(
    'require_admin_approval_after_user_signup',
    true,
    'Require admin approval for new sign-ups',
    'New users are pending until an administrator approves them.',
  ),
  str(
    'email_confirmation_setting',
    'off',
    'Email confirmation',
    'Whether new users confirm their email: Off, Hard (before their first sign-in) or Soft (within a grace period, signed in).',
    { enum: ['off', 'soft', 'hard'] },
  ),
  int('minimum_password_length', 8, 'Minimum password length', 'Minimum password length for new passwords.', {
    min: 8,
    max: 128,
  }),
  list(
    'domain_allowlist',
    [],
    'Allowed domains for sign-ups',
    'Only users with an email address in these domains can sign up. Wildcards allowed. Array or comma/newline separated string.',
    { itemFormat: 'domain' },
  ),
  bool(
    'domain_denylist_enabled',
    false,
    'Domain denylist enabled',
    'Deny sign-ups from the domains in domain_denylist.',
    { requires: ['domain_denylist'] },
  ),
  list(
    'domain_denylist',
    [],
    'Denied domains for sign-ups',
    'Users with an email address in these domains cannot sign up. Wildcards allowed. Array or comma/newline separated string.',
    { itemFormat: 'domain' },
  ),
  bool(
    'email_restrictions_enabled',
    false,
    'Email restrictions enabled',
    'Restrict sign-ups to email addresses not matching email_restrictions.',
    {
      requires: ['email_restrictions'],
    },
  ),
  str(
    'email_restrictions',
    '',
    'Email restrictions regex',
    'Regular expression checked against emails during sign-up; required by email_restrictions_enabled.',
    {
      format: 'regex',
    },
  ),
  str('after_sign_up_text', null, 'After sign-up text', 'Markdown shown to users after they sign up.'),
  bool(
    'user_deactivation_emails_enabled',
    true,
    'User deactivation emails',
    'Send an email to users when their account is deactivated.',
  ),
  bool(
    'delete_unconfirmed_users',
    false,
    'Delete unconfirmed users',
    'Delete users who do not confirm their email (paid tiers).',
  ),
  int(
    'unconfirmed_users_delete_after_days',
    7,
    'Delete unconfirmed users after (days)',
    'At least 1, default 7; applies when delete_unconfirmed_users is true.',
    { min: 1 },
  ),
  bool('deactivate_dormant_users', false, 'Deactivate dormant users', 'Deactivate users after a period of inactivity.'),
  int(
    'deactivate_dormant_users_period',
    90,
    'Dormant user period (days)',
    'Days of inactivity before a user is deactivated.',
    { min: 90 },
  ),

  // Sign-in restrictions
  bool(
    'password_authentication_enabled_for_web',
    true,
    'Password authentication for web',
    'Allow password sign-in through the web interface.',
  ),
  bool(
    'password_authentication_enabled_for_git',
    true,
    'Password authentication for Git over HTTP(S)',
    'Allow password authentication for Git over HTTP(S).',
  ),
  str(
    'signin_enabled',
    null,
    'Sign-in enabled (deprecated)',
    'Deprecated; use password_authentication_enabled_for_web.',
    { deprecated: true },
  ),
  hash('sign_in_restrictions', {}, 'Sign-in restrictions', 'Sign-in restriction settings as a hash.'),
  str('home_page_url', null, 'Home page URL', 'Redirect unauthenticated users to this page.', {
    format: 'url',
    maxLength: 255,
  }),
  str('after_sign_out_path', null, 'After sign-out path', 'Redirect users to this page after they sign out.', {
    format: 'url',
    maxLength: 255,
  }),
  bool(
    'notify_on_unknown_sign_in',
    true,
    'Notify on unknown sign-in',
    'Email users when a sign-in from an unknown IP address occurs.',
  ),
  str(
    'sign_in_text',
    null,
    'Sign-in text',
    'Markdown shown on the sign-in page (deprecated; use appearance settings).',
    { deprecated: true },
  ),
  list(
    'disabled_oauth_sign_in_sources',
    [],
    'Disabled OAuth sign-in sources',
    'OAuth providers that cannot be used to sign in.',
  ),
  int('max_login_attempts', null, 'Maximum login attempts', 'Failed sign-in attempts before the account is locked.', {
    min: 1,
    section: 'security',
  }),
  int(
    'failed_login_attempts_unlock_period_in_minutes',
    null,
    'Locked account unlock period (minutes)',
    'Time before a locked account is unlocked automatically.',
    {
      min: 1,
      section: 'security',
    },
  ),

  // Terms of service
  bool('enforce_terms', false, 'Enforce terms of service', 'Require all users to accept the terms of service.', {
    requires: ['terms'],
  }),
  str('terms', '', 'Terms of service', 'Markdown terms of service; required by enforce_terms.'),
  hash(
    'default_branch_protection_defaults',
    {
      allowed_to_push: [{ access_level: 40 }],
      allow_force_push: false,
      allowed_to_merge: [{ access_level: 40 }],
      developer_can_initial_push: false,
    },
    'Default branch protection defaults',
    'Default branch protection for new groups and projects.',
    { section: 'repository' },
  ),
  int(
    'default_branch_protection',
    2,
    'Default branch protection (deprecated)',
    'Deprecated; use Default branch protection defaults. How the default branch of new projects is protected.',
    { enum: [0, 1, 2, 3, 4], deprecated: true, section: 'repository' },
  ),
  bool(
    'group_owners_can_manage_default_branch_protection',
    true,
    'Group owners manage default branch protection',
    'Allow group owners to change the default branch protection (paid tiers).',
    { section: 'repository' },
  ),
  int(
    'file_template_project_id',
    null,
    'File template project',
    'ID of the project whose files are offered as instance file templates (paid tiers).',
    { section: 'repository' },
  ),
  hash(
    'repository_storages_weighted',
    { default: 100 },
    'Repository storage weights',
    'Hash of storage names to weights (0-100); new projects are placed by weighted random choice.',
    { section: 'repository' },
  ),
]
