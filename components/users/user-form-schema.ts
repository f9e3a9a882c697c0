// The user forms' fields (create and edit), checked in the browser with the API's own rules
// (lib/users/schema.ts), and where the API's answers land: a 400 map at its fields, the 409s of a
// taken username or e-mail at theirs.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { z } from 'zod'
import { EMAIL_RE, USERNAME_RE } from '@/lib/users/schema'
import { ApiClientError } from '../api-client'
import { applyApiErrors } from '../form/apply-api-errors'

export const userFieldsSchema = z.object({
  name: z.string().trim().min(1, "Name can't be blank"),
  username: z
    .string()
    .trim()
    .regex(
      USERNAME_RE,
      "Username can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.'",
    ),
  email: z.string().trim().regex(EMAIL_RE, 'Email is invalid'),
  projects_limit: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'Projects limit is a whole number, 0 or more'),
  admin: z.boolean(),
  external: z.boolean(),
  can_create_group: z.boolean(),
})
export type UserFields = z.infer<typeof userFieldsSchema>
export const USER_FIELDS = [
  'name',
  'username',
  'email',
  'projects_limit',
  'admin',
  'external',
  'can_create_group',
] as const

/** The fields as the API takes them. */
export const toApi = (v: UserFields) => ({
  ...v,
  name: v.name.trim(),
  username: v.username.trim(),
  email: v.email.trim(),
  projects_limit: Number(v.projects_limit),
})

const TAKEN: Record<string, 'username' | 'email'> = {
  'Username has already been taken': 'username',
  'Email has already been taken': 'email',
}

/** GitLab answers a taken username or e-mail with a 409 and a sentence; it belongs at its field like a 400's. */
export function applyUserErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const message =
    err instanceof ApiClientError && err.status === 409
      ? (err.body as { message?: unknown } | null)?.message
      : undefined
  const field = typeof message === 'string' ? TAKEN[message] : undefined
  if (field && typeof message === 'string') setError(field as Path<T>, { message })
  else applyApiErrors(err, setError, fields)
}
