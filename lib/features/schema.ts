// Parameters and entities of /features (GitLab's lib/api/features.rb, Entities::Feature and
// Entities::Feature::Definition).
import { z } from 'zod'
import { p } from '../api/param-types'

/** Grape's `types: [String, Integer]`; JSON booleans (python-gitlab sends `true`) arrive as their text. */
const stringOrNumber = z.preprocess(
  (v: string | number | boolean) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
  z.string(),
)
/** An optional String: Grape keeps "", so only a missing or null value is absent. */
const optionalText = () =>
  z.preprocess(
    (v: string | number | null | undefined) => (v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string().optional(),
  )

export const featureNameParams = z.object({ name: z.string().min(1) })

export const setFeatureParams = z.object({
  name: z.string().min(1),
  value: stringOrNumber,
  /** A username, or several separated by commas. */
  user: optionalText(),
  /** A project's full path or id, or several separated by commas. */
  project: optionalText(),
  /** A group's full path or id, or several separated by commas. */
  group: optionalText(),
  /** GitLab skips its definition checks with it; this product has none to skip. */
  force: p.optional(p.bool()),
})
export type SetFeatureParams = z.infer<typeof setFeatureParams>

/** Entities::Feature::Definition (Feature::Definition::PARAMS). */
export const featureDefinitionSchema = z.strictObject({
  name: z.string(),
  feature_issue_url: z.string().nullable(),
  introduced_by_url: z.string().nullable(),
  rollout_issue_url: z.string().nullable(),
  milestone: z.string().nullable(),
  log_state_changes: z.boolean().nullable(),
  type: z.string(),
  group: z.string().nullable(),
  default_enabled: z.boolean(),
  intended_to_rollout_by: z.string().nullable(),
})
export type FeatureDefinitionJson = z.infer<typeof featureDefinitionSchema>

/** Entities::FeatureGate: Flipper's boolean gate always, its actors gate when it has actors. */
export const featureGateSchema = z.union([
  z.strictObject({ key: z.literal('boolean'), value: z.boolean() }),
  z.strictObject({ key: z.literal('actors'), value: z.array(z.string()) }),
])

export const FEATURE_STATES = ['on', 'off', 'conditional'] as const

export const featureSchema = z.strictObject({
  name: z.string(),
  state: z.enum(FEATURE_STATES),
  gates: z.array(featureGateSchema),
  definition: featureDefinitionSchema.nullable(),
})
export type FeatureJson = z.infer<typeof featureSchema>
