// The relations of a group or project, one pipeline each as GitLab's BulkImports pipelines: every
// record parsed at the edge (source-schemas.ts), then applied through the destination's services.
import { MEMBER_LEVELS } from '../auth/access-levels'
import type { BulkImportEntity } from '../db'
import { capVisibility } from '../groups/schema'
import { addMembers } from '../members/service'
import { findSource } from '../members/source'
import { createSchedule } from '../pipeline-schedules/service'
import type { ProjectWithNamespace } from '../projects/entity'
import { PUSH_MERGE_LEVELS } from '../protected-branches/schema'
import { protect } from '../protected-branches/service'
import { createSnippet } from '../snippets/service'
import { userByEmail, userByUsername } from '../users/find'
import { type Ctx, failure, textOf } from './run-context'
import { describe, relationSchemas, type RelationName, type RelationRecord } from './source-schemas'

/** A record of the source that does not parse: its relation's failure, named. */
class SourceRecordError extends Error {}

/**
 * One of GitLab's BulkImports pipelines: a relation's records, each parsed at the edge
 * (source-schemas.ts) and applied through the destination's own services. A record that does not
 * parse or is refused is a failure of that relation; the others go on.
 */
function relationPipeline<R extends RelationName, T>(
  relation: R,
  title: (r: RelationRecord<R>) => string,
  apply: (ctx: Ctx, target: T, r: RelationRecord<R>) => Promise<boolean>,
) {
  return async (ctx: Ctx, entity: BulkImportEntity, target: T, rows: Record<string, unknown>[]) => {
    const key = `${entity.id}:${relation}`
    const [from, before] = ctx.applied[key] ?? [0, 0]
    let imported = before
    for (const [i, row] of rows.entries()) {
      if (i < from) continue
      const parsed = relationSchemas[relation].safeParse(row)
      if (!parsed.success) {
        await failure(
          entity,
          relation,
          new SourceRecordError(`A ${relation} record is not what GitLab sends: ${describe(parsed.error)}`),
          {
            title: textOf(row.name ?? row.title ?? row.description),
          },
        )
        await ctx.recordApplied(key, i + 1, imported)
        continue
      }
      const record = parsed.data as RelationRecord<R>
      try {
        if (await apply(ctx, target, record)) imported++
      } catch (e) {
        await failure(entity, relation, e, { title: title(record) })
      }
      await ctx.recordApplied(key, i + 1, imported)
    }
    return { source: rows.length, fetched: rows.length, imported }
  }
}

const memberLevel = (n: number) => MEMBER_LEVELS.find((l) => l === n)
const branchLevel = (list: { access_level: number }[] | undefined) =>
  PUSH_MERGE_LEVELS.find((l) => l === list?.[0]?.access_level)

/** Members matched by public e-mail, then username; the importer (already Owner) is skipped. */
export const importMembers = relationPipeline(
  'members',
  (m) => textOf(m.user?.username),
  async (ctx, target: { kind: 'groups' | 'projects'; id: number }, m) => {
    const byEmail = m.user?.public_email ? await userByEmail(m.user.public_email) : null
    const user = byEmail ?? (m.user?.username ? await userByUsername(m.user.username) : null)
    if (!user || user.id === ctx.actor.user.id) return false
    const accessLevel = memberLevel(m.access_level)
    if (accessLevel === undefined) throw new SourceRecordError(`access level ${m.access_level} does not exist here`)
    const source = await findSource(ctx.actor, target.kind, String(target.id))
    await addMembers(ctx.actor, source, { user_id: user.id, access_level: accessLevel, expires_at: m.expires_at })
    return true
  },
)

export const importProtectedBranches = relationPipeline(
  'protected_branches',
  (r) => r.name,
  async (ctx, p: ProjectWithNamespace, r) => {
    await protect(ctx.actor, p, {
      name: r.name,
      push_access_level: branchLevel(r.push_access_levels),
      merge_access_level: branchLevel(r.merge_access_levels),
      allow_force_push: !!r.allow_force_push,
    })
    return true
  },
)

// Schedules arrive owned by the importer and inactive, as GitLab does.
export const importSchedules = relationPipeline(
  'pipeline_schedules',
  (r) => r.description,
  async (ctx, p: ProjectWithNamespace, r) => {
    await createSchedule(ctx.actor, p, {
      description: r.description,
      ref: r.ref,
      cron: r.cron,
      cron_timezone: r.cron_timezone ?? undefined,
      active: false,
    })
    return true
  },
)

export const importSnippets = relationPipeline(
  'snippets',
  (r) => r.title,
  async (ctx, p: ProjectWithNamespace, r) => {
    const files = r.files
      ? r.files.map((f) => ({ file_path: f.path, content: f.content }))
      : [{ file_path: r.file_name ?? 'snippet.txt', content: r.content ?? '' }]
    const visibility = r.visibility_level === 20 ? 'public' : r.visibility_level === 10 ? 'internal' : 'private'
    await createSnippet(
      ctx.actor,
      p,
      {
        title: r.title,
        description: r.description ?? undefined,
        visibility: capVisibility(visibility, p.visibility),
        files,
      },
      { userAgent: 'direct-transfer', ip: null },
    )
    return true
  },
)
