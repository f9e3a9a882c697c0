// Security and authentication: admin mode, two-factor authentication, SSH key restrictions,
// tokens and sessions.
import type { SettingDef } from './definitions'
import { builders } from './definitions-helpers'

const { bool, int, str } = builders('security')

const keyRestriction = (type: string, sizes: readonly number[]): SettingDef =>
  int(
    `${type}_key_restriction`,
    0,
    `${type.toUpperCase().replace('_SK', '-SK')} SSH keys`,
    `Whether ${type} SSH keys are allowed, and their minimum size.`,
    {
      enum: [-1, 0, ...sizes],
    },
  )

export const SECURITY_SETTINGS: readonly SettingDef[] = [
  bool('admin_mode', false, 'Admin mode', 'Require administrators to re-authenticate to enable administrative mode.'),
  bool(
    'require_two_factor_authentication',
    false,
    'Require two-factor authentication',
    'Require all users to set up two-factor authentication.',
    {
      requires: ['two_factor_grace_period'],
    },
  ),
  int(
    'two_factor_grace_period',
    48,
    'Two-factor grace period (hours)',
    'Hours users may skip forced two-factor setup; required by require_two_factor_authentication.',
    { min: 0 },
  ),
  bool(
    'require_admin_two_factor_authentication',
    false,
    'Require two-factor authentication for administrators',
    'Require administrators to set up two-factor authentication.',
  ),
  bool(
    'require_email_verification_on_account_locked',
    false,
    'Email verification on locked account',
    'Require email verification when an account is locked.',
  ),
  int('session_expire_delay', 10080, 'Session duration (minutes)', 'Session duration in minutes; restart needed.', {
    min: 0,
  }),
  bool(
    'session_expire_from_init',
    false,
    'Expire session from creation',
    'Sessions expire a fixed time after creation instead of after inactivity.',
  ),
  keyRestriction('rsa', [1024, 2048, 3072, 4096]),
  keyRestriction('dsa', [1024, 2048, 3072]),
  keyRestriction('ecdsa', [256, 384, 521]),
  keyRestriction('ed25519', [256]),
  keyRestriction('ecdsa_sk', [256]),
  keyRestriction('ed25519_sk', [256]),
  bool(
    'require_personal_access_token_expiry',
    true,
    'Require personal access token expiry',
    'Personal access tokens must have an expiry date.',
  ),
  bool(
    'service_access_tokens_expiration_enforced',
    true,
    'Enforce service account token expiry',
    'Service account tokens must have an expiry date.',
  ),
  bool(
    'disable_personal_access_tokens',
    false,
    'Disable personal access tokens',
    'Disable personal access tokens (paid tiers).',
  ),
  str(
    'personal_access_token_prefix',
    'glpat-',
    'Personal access token prefix',
    'Prefix of newly created personal access tokens.',
    { maxLength: 20 },
  ),
  int(
    'inactive_resource_access_tokens_delete_after_days',
    30,
    'Delete inactive resource tokens after (days)',
    'Days after which revoked or expired project and group access tokens are deleted.',
    { min: 1 },
  ),
  bool('disable_feed_token', false, 'Disable feed token', 'Disable display of RSS/Atom and calendar feed tokens.'),
  bool(
    'lock_memberships_to_saml',
    false,
    'Lock memberships to SAML',
    'Memberships are managed by SAML group links only (paid tiers).',
  ),
  bool(
    'secret_push_protection_available',
    false,
    'Secret push protection available',
    'Allow projects to enable secret push protection (Ultimate).',
  ),
  bool(
    'security_policy_global_group_approvers_enabled',
    true,
    'Global group approvers for security policies',
    'Search approver groups globally in security policies.',
  ),
  int(
    'security_approval_policies_limit',
    5,
    'Security approval policies limit',
    'Maximum number of approval policies per security policy project; default 5, max 20.',
    {
      min: 0,
      max: 20,
    },
  ),
  int(
    'scan_execution_policies_action_limit',
    0,
    'Scan execution policy actions limit',
    'Maximum actions per scan execution policy; default 0 (unlimited), max 20.',
    {
      min: 0,
      max: 20,
    },
  ),
  int(
    'scan_execution_policies_schedule_limit',
    0,
    'Scan execution policy schedules limit',
    'Maximum schedule rules per scan execution policy; default 0 (unlimited), max 20.',
    {
      min: 0,
      max: 20,
    },
  ),
  bool(
    'external_authorization_service_enabled',
    false,
    'External authorization service',
    'Use an external service to authorize project access.',
    {
      requires: ['external_authorization_service_url', 'external_authorization_service_default_label'],
    },
  ),
  str(
    'external_authorization_service_url',
    null,
    'External authorization service URL',
    'URL of the external authorization service.',
    { format: 'url' },
  ),
  str(
    'external_authorization_service_default_label',
    null,
    'External authorization default label',
    'Default classification label for projects.',
  ),
  {
    ...int(
      'external_authorization_service_timeout',
      0.5,
      'External authorization timeout (seconds)',
      'Timeout of external authorization requests in seconds (0.001-10).',
      {
        min: 0.001,
        max: 10,
      },
    ),
    type: 'float',
  },
  bool(
    'enforce_pipl_compliance',
    false,
    'Enforce PIPL compliance',
    'Enforce PIPL compliance for users in mainland China.',
  ),
  str(
    'globally_allowed_ips',
    '',
    'Globally allowed IPs',
    'Comma-separated IP addresses and CIDRs always allowed regardless of group IP restrictions.',
  ),
  str(
    'geo_node_allowed_ips',
    '0.0.0.0/0, ::/0',
    'Geo allowed IPs',
    'Comma-separated IPs and CIDRs allowed to access Geo endpoints (paid tiers).',
  ),
  int('geo_status_timeout', 10, 'Geo status timeout (seconds)', 'Timeout of Geo status requests (paid tiers).', {
    min: 1,
  }),
]
