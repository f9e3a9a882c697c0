// What another GitLab sends, checked at the edge: the GraphQL attributes of groups and projects, the
// REST lists, and one record of each relation this product imports. Data from outside is never cast
// into a service's parameters: it is parsed here first, and a record that does not parse is a
// failure of its relation (named, the rest goes on), never an exception deep inside a service.
// Objects are not strict: a newer GitLab sends more keys, which are dropped.
import { z } from 'zod'
import { toDate } from '../api/param-types'
import { SourceError } from './client'

const visibility = z.enum(['private', 'internal', 'public'])
const text = z.string()
const optionalText = z.string().nullish()

export const sourceGroupSchema = z.object({
  name: text,
  path: text,
  description: optionalText,
  visibility,
  project_creation_level: optionalText,
  subgroup_creation_level: optionalText,
  require_two_factor_authentication: z.boolean().nullish(),
  two_factor_grace_period: z.number().int().nullish(),
})
export type SourceGroup = z.infer<typeof sourceGroupSchema>

export const sourceProjectSchema = z.object({ name: text, path: text, description: optionalText, visibility })

export const projectsPageSchema = z.object({
  group: z
    .object({
      projects: z.object({
        page_info: z.object({ next_page: z.string().nullable(), has_next_page: z.boolean() }),
        nodes: z.array(z.object({ path: text, full_path: text })),
      }),
    })
    .nullable(),
})

export const subgroupSchema = z.object({ full_path: text, path: text })

/** One record of each relation the destination imports, as GitLab's export writes it. */
export const relationSchemas = {
  members: z.object({
    access_level: z.number().int(),
    expires_at: optionalText.transform((v, ctx) => {
      if (!v) return undefined
      const d = toDate(v)
      if (d instanceof Date) return d
      ctx.addIssue({ code: 'custom', message: `"${v}" is not a date` })
      return z.NEVER
    }),
    user: z.object({ username: optionalText, public_email: optionalText }).nullish(),
  }),
  protected_branches: z.object({
    name: z.string().min(1),
    push_access_levels: z.array(z.object({ access_level: z.number().int() })).optional(),
    merge_access_levels: z.array(z.object({ access_level: z.number().int() })).optional(),
    allow_force_push: z.boolean().nullish(),
  }),
  pipeline_schedules: z.object({ description: text, ref: text, cron: text, cron_timezone: optionalText }),
  snippets: z.object({
    title: text,
    description: optionalText,
    visibility_level: z.number().int().optional(),
    file_name: optionalText,
    content: optionalText,
    files: z.array(z.object({ path: text, content: text })).optional(),
  }),
}
export type RelationName = keyof typeof relationSchemas
export type RelationRecord<R extends RelationName> = z.infer<(typeof relationSchemas)[R]>

/** The source's answer as `schema` says, or the source's failure naming what did not fit. */
export function fromSource<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  throw new SourceError(`The source's ${what} is not what GitLab sends: ${describe(r.error)}`)
}

/** A zod error as one line: `path: message` for its first few issues. */
export function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`)
    .join('; ')
}
