import { z } from 'zod'
import { int } from '../api/json-types'
import { p } from '../api/param-types'

/** ContainerRegistry::Protection::TagRule::ACCESS_LEVELS: the names the API speaks, the levels stored. */
export const TAG_RULE_LEVELS = { maintainer: 40, owner: 50, admin: 60 } as const
export type TagRuleLevelName = keyof typeof TAG_RULE_LEVELS
const LEVEL_NAMES = ['maintainer', 'owner', 'admin'] as const satisfies readonly TagRuleLevelName[]
/** GitLab's MAX_TAG_RULES_PER_PROJECT. */
export const MAX_TAG_RULES_PER_PROJECT = 5
/** The model's `length: { maximum: 100 }` on tag_name_pattern. */
export const TAG_NAME_PATTERN_MAX = 100

export const projectParams = z.object({ id: p.id() })
export const createTagRuleParams = z.object({
  id: p.id(),
  tag_name_pattern: p.string(),
  minimum_access_level_for_push: p.enum(LEVEL_NAMES),
  minimum_access_level_for_delete: p.enum(LEVEL_NAMES),
})
export type CreateTagRuleParams = z.infer<typeof createTagRuleParams>

// PATCH takes `""` to unset a level (GitLab's `values: … << ""`; Grape lets null through too), so,
// unlike p.optional, a blank value is kept. Unsetting both levels makes the rule immutable.
const unsettableLevel = () =>
  z.preprocess((v: string | null | undefined) => (v === null ? '' : v), z.enum([...LEVEL_NAMES, '']).optional())
export const updateTagRuleParams = z.object({
  id: p.id(),
  protection_rule_id: p.int(),
  tag_name_pattern: p.optional(p.string()),
  minimum_access_level_for_push: unsettableLevel(),
  minimum_access_level_for_delete: unsettableLevel(),
})
export type UpdateTagRuleParams = z.infer<typeof updateTagRuleParams>
export const tagRuleParams = z.object({ id: p.id(), protection_rule_id: p.int() })

/** Entities::Projects::ContainerRegistry::Protection::TagRule (levels are null only on an immutable rule). */
export const tagRuleSchema = z.strictObject({
  id: int(),
  project_id: int(),
  tag_name_pattern: z.string(),
  minimum_access_level_for_push: z.enum(LEVEL_NAMES).nullable(),
  minimum_access_level_for_delete: z.enum(LEVEL_NAMES).nullable(),
})
export type TagRuleJson = z.infer<typeof tagRuleSchema>
