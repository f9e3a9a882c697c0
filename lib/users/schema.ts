import { z } from 'zod'
import { date, int, time } from '../api/json-types'
import { p } from '../api/param-types'

// GitLab's username rule: letters, digits, '_', '-', '.'; not starting or ending with a special char.
export const USERNAME_RE = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]*[a-zA-Z0-9_-]$|^[a-zA-Z0-9_]$/
export const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

export const createUserParams = z.object({
  username: p.string(),
  email: p.string(),
  name: p.string(),
  password: p.optional(p.string()),
  reset_password: p.optional(p.bool()),
  force_random_password: p.optional(p.bool()),
  admin: p.optional(p.bool()),
  skip_confirmation: p.optional(p.bool()),
  projects_limit: p.optional(p.int()),
  can_create_group: p.optional(p.bool()),
  external: p.optional(p.bool()),
  bio: p.optional(p.string()),
})
export type CreateUserParams = z.infer<typeof createUserParams>

export const updateUserParams = z.object({
  id: p.int(),
  username: p.optional(p.string()),
  email: p.optional(p.string()),
  name: p.optional(p.string()),
  password: p.optional(p.string()),
  admin: p.optional(p.bool()),
  skip_reconfirmation: p.optional(p.bool()),
  projects_limit: p.optional(p.int()),
  can_create_group: p.optional(p.bool()),
  external: p.optional(p.bool()),
  bio: p.optional(p.string()),
})
export type UpdateUserParams = z.infer<typeof updateUserParams>

export const USER_ORDER = ['id', 'name', 'username', 'created_at', 'updated_at'] as const
export const listUsersParams = z.object({
  username: p.optional(p.string()),
  search: p.optional(p.string()),
  active: p.optional(p.bool()),
  blocked: p.optional(p.bool()),
  external: p.optional(p.bool()),
  humans: p.optional(p.bool()),
  exclude_active: p.optional(p.bool()),
  exclude_external: p.optional(p.bool()),
  exclude_humans: p.optional(p.bool()),
  exclude_internal: p.optional(p.bool()),
  without_project_bots: p.optional(p.bool()),
  // Administrators only, as GitLab (ignored for others).
  admins: p.optional(p.bool()),
  two_factor: p.optional(p.string()),
  without_projects: p.optional(p.bool()),
  created_after: p.optional(p.date()),
  created_before: p.optional(p.date()),
  /** Not a GitLab parameter: the console's "Deactivated" tab (administrators only). */
  deactivated: p.optional(p.bool()),
  order_by: p.optional(p.enum(USER_ORDER)),
  sort: p.optional(p.enum(['asc', 'desc'])),
  cursor: p.optional(p.string()),
})
export type ListUsersParams = z.infer<typeof listUsersParams>

export const deleteUserParams = z.object({ id: p.int(), hard_delete: p.optional(p.bool()) })
export const membershipsParams = z.object({ id: p.int(), type: p.optional(p.enum(['Project', 'Namespace'])) })
export const deleteIdentityParams = z.object({ id: p.int(), provider: p.string() })

/** Entities::Identity, with EE's saml_provider_id (a group SAML identity's top-level group here). */
export const identitySchema = z.strictObject({
  provider: z.string(),
  extern_uid: z.string(),
  saml_provider_id: int().nullable(),
})
export type IdentityJson = z.infer<typeof identitySchema>

/** Entities::UserBasic: the user embedded in other resources. */
export const userBasicSchema = z.strictObject({
  id: int(),
  username: z.string(),
  public_email: z.string().nullable(),
  name: z.string(),
  state: z.string(),
  locked: z.boolean(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
})
export type UserBasicJson = z.infer<typeof userBasicSchema>

/** Entities::User: what anyone may see of a user. */
export const userPublicSchema = userBasicSchema.extend({
  created_at: time(),
  bio: z.string(),
  location: z.string(),
  linkedin: z.string(),
  twitter: z.string(),
  discord: z.string(),
  website_url: z.string(),
  github: z.string(),
  job_title: z.string(),
  pronouns: z.string().nullable(),
  organization: z.string(),
  bot: z.boolean(),
  work_information: z.string().nullable(),
  followers: int(),
  following: int(),
  local_time: z.string().nullable(),
})
export type UserPublicJson = z.infer<typeof userPublicSchema>

/** Entities::UserPublic (the user themself): sign-in times, email, limits. */
export const userDetailSchema = userPublicSchema.extend({
  last_sign_in_at: time().nullable(),
  confirmed_at: time().nullable(),
  last_activity_on: date().nullable(),
  email: z.string(),
  theme_id: int(),
  color_scheme_id: int(),
  projects_limit: int(),
  current_sign_in_at: time().nullable(),
  identities: z.array(identitySchema),
  can_create_group: z.boolean(),
  can_create_project: z.boolean(),
  two_factor_enabled: z.boolean(),
  external: z.boolean(),
  private_profile: z.boolean(),
  commit_email: z.string(),
})
export type UserDetailJson = z.infer<typeof userDetailSchema>

/** Entities::UserWithAdmin: what administrators see of anyone. */
export const userWithAdminSchema = userDetailSchema.extend({
  is_admin: z.boolean(),
  note: z.string().nullable(),
  namespace_id: int().nullable(),
  created_by: userBasicSchema.nullable(),
  using_license_seat: z.boolean(),
})
export type UserWithAdminJson = z.infer<typeof userWithAdminSchema>

/** GET /user and GET /users/:id: the admin view for administrators, else the detail of oneself. */
export const userSelfSchema = z.union([userWithAdminSchema, userDetailSchema])
