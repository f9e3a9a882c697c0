import type { ContainerRegistryProtectionTagRule } from '../db'
import { TAG_RULE_LEVELS, type TagRuleJson, type TagRuleLevelName } from './schema'

const NAMES = Object.entries(TAG_RULE_LEVELS) as [TagRuleLevelName, number][]
/** A stored level as its enum name; a value outside GitLab's enum reads as null, as Rails would. */
export const levelName = (level: number | null): TagRuleLevelName | null =>
  NAMES.find(([, v]) => v === level)?.[0] ?? null

export function tagRuleEntity(r: ContainerRegistryProtectionTagRule): TagRuleJson {
  return {
    id: r.id,
    project_id: r.projectId,
    tag_name_pattern: r.tagNamePattern,
    minimum_access_level_for_push: levelName(r.minimumAccessLevelForPush),
    minimum_access_level_for_delete: levelName(r.minimumAccessLevelForDelete),
  }
}
