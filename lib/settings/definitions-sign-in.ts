// General, second part: sign-up and sign-in restrictions, terms of service.
import type { SettingDef } from './definitions'
import { builders } from './definitions-helpers'

const { bool, int, str, list, hash } = builders('general')

export const SIGN_IN_SETTINGS: readonly SettingDef[] = [
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
