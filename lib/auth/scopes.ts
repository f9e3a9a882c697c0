// GitLab's personal access token scopes (the whole list). Only some are API scopes.
export const TOKEN_SCOPES = [
  'api',
  'read_api',
  'read_user',
  'create_runner',
  'manage_runner',
  // The spec's spelling of manage_runner; both are accepted on the runner routes.
  'manage_runners',
  'k8s_proxy',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'read_virtual_registry',
  'write_virtual_registry',
  'ai_features',
  'ai_workflows',
  'read_service_ping',
  'sudo',
  'admin_mode',
  'self_rotate',
] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]

/**
 * GitLab's users.rb (`allow_access_with_scope :read_user, if: GET or HEAD`): every read of /user and
 * /users — the user, keys, memberships, custom attributes — also takes a read_user token.
 */
export const USERS_READ_SCOPES = ['api', 'read_api', 'read_user'] as const satisfies readonly TokenScope[]
