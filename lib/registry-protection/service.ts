// Tag protection rules of a project's container registry (GitLab's ContainerRegistry::Protection
// Create/Update/DeleteTagRuleService). Every action needs admin_container_image: Maintainer and
// above, and a registry that is not disabled (ProjectPolicy's container_registry_disabled rule).
// GitLab also refuses when its registry lacks the GitLab API; this product stands in for a
// registry that has it, so that check never fails here.
import { forbidden, recordNotFound, unprocessable } from '../api/errors'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import RE2 from 're2'
import { getDb, uniqueAs, type ContainerRegistryProtectionTagRule } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { projectSubject } from '../projects/find'
import {
  MAX_TAG_RULES_PER_PROJECT,
  TAG_RULE_LEVELS,
  type CreateTagRuleParams,
  type UpdateTagRuleParams,
} from './schema'
import { tagRuleErrors, type TagRuleFields } from './validate'

export async function authorizeTagRules(actor: Actor, project: ProjectWithNamespace): Promise<void> {
  if (
    project.containerRegistryAccessLevel === 'disabled' ||
    !(await can(actor, 'admin_container_image', projectSubject(project)))
  )
    throw forbidden()
}

/** GitLab lists the `mutable` rules only: an immutable one (both levels unset) is not shown. */
export async function listTagRules(projectId: number): Promise<ContainerRegistryProtectionTagRule[]> {
  const db = await getDb()
  return db.containerRegistryProtectionTagRule.findMany({
    where: {
      projectId,
      OR: [{ minimumAccessLevelForPush: { not: null } }, { minimumAccessLevelForDelete: { not: null } }],
    },
    orderBy: { id: 'asc' },
  })
}

export async function findTagRule(projectId: number, id: number): Promise<ContainerRegistryProtectionTagRule> {
  const db = await getDb()
  const rule = await db.containerRegistryProtectionTagRule.findFirst({ where: { id, projectId } })
  if (!rule) throw recordNotFound()
  return rule
}

async function patternTaken(projectId: number, pattern: string, exceptId?: number): Promise<boolean> {
  const db = await getDb()
  const other = await db.containerRegistryProtectionTagRule.findFirst({
    where: { projectId, tagNamePattern: pattern, ...(exceptId !== undefined ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  })
  return other !== null
}

const level = (name: keyof typeof TAG_RULE_LEVELS | '') => (name === '' ? null : TAG_RULE_LEVELS[name])

/** 422 `{"message": "…"}` at the cap, `{"message": [full messages]}` on validation, as POST renders them. */
export async function createTagRule(
  project: ProjectWithNamespace,
  params: CreateTagRuleParams,
): Promise<ContainerRegistryProtectionTagRule> {
  const db = await getDb()
  if (
    (await db.containerRegistryProtectionTagRule.count({
      where: { projectId: project.id },
      take: MAX_TAG_RULES_PER_PROJECT,
    })) >= MAX_TAG_RULES_PER_PROJECT
  )
    throw unprocessable('Maximum number of protection rules have been reached.')
  const fields: TagRuleFields = {
    tagNamePattern: params.tag_name_pattern,
    minimumAccessLevelForPush: level(params.minimum_access_level_for_push),
    minimumAccessLevelForDelete: level(params.minimum_access_level_for_delete),
  }
  const errors = tagRuleErrors(fields, await patternTaken(project.id, fields.tagNamePattern))
  if (errors.length) throw unprocessable(errors)
  // The unique index settles a concurrent create that won the pattern between the check and the insert.
  return db.containerRegistryProtectionTagRule
    .create({ data: { projectId: project.id, ...fields } })
    .catch(uniqueAs(() => unprocessable(['Tag name pattern has already been taken'])))
}

/** 422 `{"message": {"error": [full messages]}}`, as PATCH renders them. */
export async function updateTagRule(
  rule: ContainerRegistryProtectionTagRule,
  params: UpdateTagRuleParams,
): Promise<ContainerRegistryProtectionTagRule> {
  const fields: TagRuleFields = {
    tagNamePattern: params.tag_name_pattern ?? rule.tagNamePattern,
    minimumAccessLevelForPush:
      params.minimum_access_level_for_push !== undefined
        ? level(params.minimum_access_level_for_push)
        : rule.minimumAccessLevelForPush,
    minimumAccessLevelForDelete:
      params.minimum_access_level_for_delete !== undefined
        ? level(params.minimum_access_level_for_delete)
        : rule.minimumAccessLevelForDelete,
  }
  const errors = tagRuleErrors(fields, await patternTaken(rule.projectId, fields.tagNamePattern, rule.id))
  if (errors.length) throw unprocessable({ error: errors })
  const db = await getDb()
  return db.containerRegistryProtectionTagRule
    .update({ where: { id: rule.id }, data: fields })
    .catch(uniqueAs(() => unprocessable({ error: ['Tag name pattern has already been taken'] })))
}

export async function deleteTagRule(rule: ContainerRegistryProtectionTagRule): Promise<void> {
  const db = await getDb()
  await db.containerRegistryProtectionTagRule.delete({ where: { id: rule.id } })
}

/**
 * Which tag names a user at `level` (60 for administrators) may not delete: those matching a rule
 * whose minimum delete level is above it (GitLab's ContainerRegistry::Protection tag rules).
 */
export async function deleteProtectedMatcher(projectId: number, level: number): Promise<(tag: string) => boolean> {
  const db = await getDb()
  const rules = await db.containerRegistryProtectionTagRule.findMany({
    where: { projectId, minimumAccessLevelForDelete: { gt: level } },
    select: { tagNamePattern: true },
  })
  const patterns = rules.flatMap((r) => {
    try {
      return [new RE2(r.tagNamePattern)]
    } catch {
      return []
    }
  })
  return (tag) => patterns.some((re) => re.test(tag))
}
