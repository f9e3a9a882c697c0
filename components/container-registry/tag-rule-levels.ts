import type { TagRuleLevelName } from '@/lib/registry-protection/schema'

/** The roles a tag protection rule may require, as GitLab's settings page names them. */
export const TAG_RULE_LEVEL_LABELS: Record<TagRuleLevelName, string> = {
  maintainer: 'Maintainer',
  owner: 'Owner',
  admin: 'Administrator',
}
export const TAG_RULE_LEVEL_NAMES = Object.keys(TAG_RULE_LEVEL_LABELS) as TagRuleLevelName[]
