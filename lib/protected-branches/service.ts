// Protection rules of a project: list, find, protect, change (PATCH with `_destroy`), unprotect,
// and the per-branch answers the repository endpoints need (protected? may this caller push?).
import { ApiError, conflict, forbidden, recordNotFound } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { membershipsOf } from '../auth/memberships'
import { accessLevel, can, effectiveLevel } from '../auth/policy'
import { containsInsensitive, getDb, uniqueAs } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { projectSubject } from '../projects/find'
import { linksOf } from '../project-shares/service'
import { allowedOn, developersCan, matchingRules, type AccessKind, type Caller } from './access'
import type { Names, RuleWithAccess } from './entity'
import type { EntryParams, ProtectParams, UpdateParams } from './schema'
import { usersByIds } from '../users/find'
import { namespacesByIds } from '../groups/namespaces'

const KINDS: AccessKind[] = ['push', 'merge', 'unprotect']
const LABEL: Record<AccessKind, string> = {
  push: 'Push access levels',
  merge: 'Merge access levels',
  unprotect: 'Unprotect access levels',
}
const include = { accessLevels: true } as const

export async function rulesFor(projectId: number): Promise<RuleWithAccess[]> {
  const db = await getDb()
  return db.protectedBranch.findMany({ where: { projectId }, include, orderBy: { id: 'asc' } })
}

export async function listRules(projectId: number, search: string | undefined, window: PageWindow) {
  const db = await getDb()
  const where = { projectId, ...(search ? { name: containsInsensitive(search) } : {}) }
  return offsetList(
    'protectedBranch',
    where,
    window,
    db.protectedBranch.findMany({ where, include, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}

export async function findRule(projectId: number, name: string): Promise<RuleWithAccess> {
  const db = await getDb()
  const rule = await db.protectedBranch.findUnique({ where: { projectId_name: { projectId, name } }, include })
  if (!rule) throw recordNotFound()
  return rule
}

/** Names for access_level_description, loaded once per response. */
export async function namesFor(rules: RuleWithAccess[]): Promise<Names> {
  const entries = rules.flatMap((r) => r.accessLevels)
  const userIds = [...new Set(entries.map((e) => e.userId).filter((x): x is number => x !== null))]
  const groupIds = [...new Set(entries.map((e) => e.groupId).filter((x): x is number => x !== null))]
  const [users, groups] = await Promise.all([usersByIds(userIds), namespacesByIds(groupIds)])
  return { users: new Map(users.map((u) => [u.id, u.name])), groups: new Map(groups.map((g) => [g.id, g.name])) }
}

/** GitLab's ProtectedRefAccess validations, as its 422 list of full messages. */
async function checkEntries(
  project: ProjectWithNamespace,
  kind: AccessKind,
  entries: EntryParams[],
): Promise<string[]> {
  const errors: string[] = []
  const subject = projectSubject(project)
  const shared = entries.some((e) => e.group_id !== undefined)
    ? new Set((await linksOf([project.id])).map((l) => l.groupId))
    : new Set<number>()
  for (const e of entries) {
    if (e.user_id !== undefined) {
      const level = effectiveLevel(await membershipsOf(e.user_id), subject, e.user_id)
      if (level <= 0) errors.push(`${LABEL[kind]} user is not a member of the project`)
    }
    // A group must have the project shared with it (GitLab's validate_group_membership); deploy
    // keys do not exist here, so a deploy key entry always gets GitLab's answer for a disabled one.
    if (e.group_id !== undefined && !shared.has(e.group_id))
      errors.push(`${LABEL[kind]} group does not have access to the project`)
    if (e.deploy_key_id !== undefined && kind === 'push')
      errors.push(`${LABEL[kind]} deploy key is not enabled for this project`)
  }
  return errors
}

const wanted = (e: EntryParams) =>
  e.access_level !== undefined || e.user_id !== undefined || e.group_id !== undefined || e.deploy_key_id !== undefined

function entryData(kind: AccessKind, e: EntryParams) {
  return {
    kind,
    accessLevel: e.access_level ?? null,
    userId: e.user_id ?? null,
    groupId: e.group_id ?? null,
    deployKeyId: kind === 'push' ? (e.deploy_key_id ?? null) : null,
  }
}

async function requireMaintainer(actor: Actor, project: ProjectWithNamespace) {
  if (!(await can(actor, 'admin_protected_branch', projectSubject(project)))) throw forbidden()
}

export async function protect(
  actor: Actor,
  project: ProjectWithNamespace,
  params: Omit<ProtectParams, 'id'>,
): Promise<RuleWithAccess> {
  await requireMaintainer(actor, project)
  const entries: ReturnType<typeof entryData>[] = []
  const errors: string[] = []
  for (const kind of KINDS) {
    const level = params[`${kind}_access_level`]
    const list = (params[`allowed_to_${kind}`] ?? []).filter(wanted)
    // Neither a level nor entries: Maintainers, as GitLab defaults.
    if (level !== undefined || !list.length) entries.push(entryData(kind, { access_level: level ?? 40 }))
    entries.push(...list.map((e) => entryData(kind, e)))
    errors.push(...(await checkEntries(project, kind, list)))
  }
  if (errors.length) throw new ApiError(422, { message: errors })
  const db = await getDb()
  return await db.protectedBranch
    .create({
      data: {
        projectId: project.id,
        name: params.name,
        allowForcePush: params.allow_force_push ?? false,
        codeOwnerApprovalRequired: params.code_owner_approval_required ?? false,
        accessLevels: { create: entries },
      },
      include,
    })
    .catch(uniqueAs(() => conflict(`Protected branch '${params.name}' already exists`)))
}

export async function update(
  actor: Actor,
  project: ProjectWithNamespace,
  rule: RuleWithAccess,
  params: UpdateParams,
): Promise<RuleWithAccess> {
  await requireMaintainer(actor, project)
  const errors: string[] = []
  for (const kind of KINDS)
    errors.push(
      ...(await checkEntries(
        project,
        kind,
        (params[`allowed_to_${kind}`] ?? []).filter((e) => !e._destroy && !e.destroy && wanted(e)),
      )),
    )
  if (errors.length) throw new ApiError(422, { message: errors })
  const db = await getDb()
  return db.$transaction(async (tx) => {
    for (const kind of KINDS) {
      for (const e of params[`allowed_to_${kind}`] ?? []) {
        const own = e.id !== undefined ? rule.accessLevels.find((a) => a.id === e.id && a.kind === kind) : undefined
        if (e.id !== undefined && !own)
          throw new ApiError(422, { message: [`${LABEL[kind]} entry ${e.id} does not exist`] })
        if (own && (e._destroy || e.destroy)) await tx.protectedBranchAccess.delete({ where: { id: own.id } })
        else if (own) await tx.protectedBranchAccess.update({ where: { id: own.id }, data: entryData(kind, e) })
        else if (wanted(e))
          await tx.protectedBranchAccess.create({ data: { protectedBranchId: rule.id, ...entryData(kind, e) } })
      }
    }
    return tx.protectedBranch.update({
      where: { id: rule.id },
      data: {
        ...(params.allow_force_push !== undefined ? { allowForcePush: params.allow_force_push } : {}),
        ...(params.code_owner_approval_required !== undefined
          ? { codeOwnerApprovalRequired: params.code_owner_approval_required }
          : {}),
      },
      include,
    })
  })
}

export async function unprotect(actor: Actor, project: ProjectWithNamespace, rule: RuleWithAccess): Promise<void> {
  await requireMaintainer(actor, project)
  const db = await getDb()
  await db.protectedBranch.delete({ where: { id: rule.id } })
}

/** The caller as protection rules see them. */
export async function callerFor(actor: Actor | null, project: ProjectWithNamespace): Promise<Caller | null> {
  if (!actor) return null
  const m = await membershipsOf(actor.user.id)
  return {
    userId: actor.user.id,
    level: await accessLevel(actor, projectSubject(project)),
    admin: actor.user.admin,
    groupIds: [...m.namespaces.keys()],
  }
}

/** Branch fields of the repository API: protected, developers_can_push/merge, can_push. */
export function branchProtection(rules: RuleWithAccess[], branch: string, caller: Caller | null, canPushCode: boolean) {
  const push = caller ? allowedOn(rules, branch, 'push', caller) : false
  return {
    protected: matchingRules(rules, branch).length > 0,
    developers_can_push: developersCan(rules, branch, 'push'),
    developers_can_merge: developersCan(rules, branch, 'merge'),
    can_push: push === null ? canPushCode : push && canPushCode,
  }
}

export function mayCreateProtected(rules: RuleWithAccess[], branch: string, caller: Caller | null): boolean {
  if (!caller) return false
  const push = allowedOn(rules, branch, 'push', caller)
  return push === null || push || !!allowedOn(rules, branch, 'merge', caller)
}
