// The feature flag form: the name as the endpoint declares it (lib/features/schema.ts), a value on or
// off, and for whom: everyone, or one user, project or group named the way the API takes them.
import { z } from 'zod'
import { setFeatureParams } from '@/lib/features/schema'

export const SCOPES = ['everyone', 'user', 'project', 'group'] as const
export type Scope = (typeof SCOPES)[number]

export const SCOPE_LABELS: Record<Scope, string> = {
  everyone: 'Everyone',
  user: 'A user',
  project: 'A project',
  group: 'A group',
}
export const ACTOR_LABELS: Record<Exclude<Scope, 'everyone'>, string> = {
  user: 'Username',
  project: 'Project (full path or id)',
  group: 'Group (full path or id)',
}

export const featureFlagFormSchema = setFeatureParams
  .pick({ name: true })
  .extend({
    name: z.string().trim().min(1, 'Name is required'),
    value: z.enum(['true', 'false']),
    scope: z.enum(SCOPES),
    actor: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.scope !== 'everyone' && !v.actor)
      ctx.addIssue({ code: 'custom', path: ['actor'], message: `${ACTOR_LABELS[v.scope]} is required` })
  })

export type FeatureFlagFormInput = z.input<typeof featureFlagFormSchema>
export type FeatureFlagFormOutput = z.output<typeof featureFlagFormSchema>

/** What POST /features/:name receives from the form's output. */
export function toApiParams(v: FeatureFlagFormOutput) {
  return { name: v.name, value: v.value, ...(v.scope === 'everyone' ? {} : { [v.scope]: v.actor }) }
}

/**
 * Where an API error belongs: GitLab answers "400 Bad request - <actor> is not found!" for an
 * unknown actor and "… Cannot set …" for a value; the rest is the form's.
 */
export function errorField(message: string): 'actor' | 'value' | null {
  if (/ is not found!$/.test(message)) return 'actor'
  if (/ - Cannot set '/.test(message)) return 'value'
  return null
}
