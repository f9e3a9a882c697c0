import { z } from 'zod'
import { int } from '../api/json-types'
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
  order_by: p.optional(p.enum(USER_ORDER)),
  sort: p.optional(p.enum(['asc', 'desc'])),
  cursor: p.optional(p.string()),
})
export type ListUsersParams = z.infer<typeof listUsersParams>

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
