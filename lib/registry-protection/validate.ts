// ContainerRegistry::Protection::TagRule's model validations as Rails' full messages, in the order
// the model declares them. Patterns are user input run against every tag name, so they must
// compile with re2 (GitLab's UntrustedRegexpValidator), never as a backtracking RegExp.
import RE2 from 're2'
import { TAG_NAME_PATTERN_MAX } from './schema'

export interface TagRuleFields {
  tagNamePattern: string
  minimumAccessLevelForPush: number | null
  minimumAccessLevelForDelete: number | null
}

export function reSyntaxError(pattern: string): string | null {
  try {
    new RE2(pattern)
    return null
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

/** `taken`: another rule of the project has this pattern (the uniqueness check, done by the caller). */
export function tagRuleErrors(rule: TagRuleFields, taken: boolean): string[] {
  const errors: string[] = []
  const pattern = rule.tagNamePattern
  if (!pattern.trim()) errors.push("Tag name pattern can't be blank")
  if (taken) errors.push('Tag name pattern has already been taken')
  // Ruby counts code points (what Rails' length validation sees), not UTF-16 units or grapheme clusters.
  if (Array.from(pattern).length > TAG_NAME_PATTERN_MAX)
    errors.push(`Tag name pattern is too long (maximum is ${TAG_NAME_PATTERN_MAX} characters)`)
  const syntax = reSyntaxError(pattern)
  if (syntax !== null) errors.push(`Tag name pattern not valid RE2 syntax: ${syntax}`)
  if ((rule.minimumAccessLevelForPush === null) !== (rule.minimumAccessLevelForDelete === null))
    errors.push('Access levels should either both be present or both be nil')
  return errors
}
