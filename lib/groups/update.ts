// PUT /groups/:id: GitLab's Groups::UpdateService for the fields of the spec. Checks run before any
// write; name/path changes go through renameNamespace (descendants follow, old paths redirect).
import { isIP } from 'node:net'
import { forbidden, validation } from '../api/errors'
import type { Actor } from '../auth/actor'
import { getDb, isUniqueViolation, prefixRange } from '../db'
import type { Namespace } from '../db'
import { anyProjectBelowWithVisibility } from '../projects/lookup'
import { fullPathTaken, pathErrors, renameNamespace } from '../routes/service'
import { avatarChange, removeAvatarFile, storeAvatar, type StoredAvatar } from './avatar'
import { findGroup } from './find'
import { exceedsVisibility, VISIBILITIES } from './schema'
import {
  GROUP_SETTING_DEFAULTS,
  groupSettings,
  mergeSettings,
  protectionDefaults,
  type GroupSettings,
} from './settings'
import { ADMIN_ONLY, LIST_LIMIT, TOP_LEVEL_ONLY, type GroupChanges } from './update-schema'

type Errors = Record<string, string[]>
const add = (errors: Errors, key: string, msg: string) => (errors[key] ??= []).push(msg)

// GitLab's Gitlab::Regex.group_name_regex.
const NAME_RE = /^[\p{L}\p{N}\u00A9-\u{1f9ff}_][\p{L}\p{N}\p{Pd}+\u00A9-\u{1f9ff}_. ()]*$/u
const NAME_MSG =
  "can contain only letters, digits, emoji, '_', '.', dash, space, parenthesis. It must start with letter, digit, emoji or '_'."
const DOMAIN_RE = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/i

/** Keys of the settings JSON a PUT may set directly (same name, same meaning). */
const DIRECT = (Object.keys(GROUP_SETTING_DEFAULTS) as (keyof GroupSettings)[]).filter(
  (k) =>
    !['default_branch_protection_defaults', 'emails_enabled', 'shared_runners_setting', 'repository_storage'].includes(
      k,
    ),
)

async function visibilityErrors(g: Namespace, visibility: string, errors: Errors) {
  if (visibility === g.visibility) return
  const db = await getDb()
  if (g.parentId !== null) {
    const parent = await db.namespace.findUnique({ where: { id: g.parentId }, select: { visibility: true } })
    if (parent && exceedsVisibility(visibility, parent.visibility))
      add(
        errors,
        'visibility_level',
        `${visibility} is not allowed since the visibility level of the parent group is ${parent.visibility}.`,
      )
  }
  const higher = VISIBILITIES.filter((v) => exceedsVisibility(v, visibility))
  if (!higher.length) return
  const below = { traversalIds: prefixRange(g.traversalIds), visibility: { in: [...higher] } }
  const [sub, project] = await Promise.all([
    db.namespace.findFirst({ where: { ...below, id: { not: g.id } }, select: { id: true } }),
    anyProjectBelowWithVisibility(g.traversalIds, higher),
  ])
  if (sub)
    add(errors, 'visibility_level', `${visibility} is not allowed since there are sub-groups with higher visibility.`)
  if (project)
    add(
      errors,
      'visibility_level',
      `${visibility} is not allowed since this group contains projects with higher visibility.`,
    )
}

/** Model-level checks; returns the settings changes to store. */
async function check(actor: Actor, g: Namespace, input: GroupChanges): Promise<Partial<GroupSettings>> {
  const present = (k: string) => (input as Record<string, unknown>)[k] !== undefined
  if (ADMIN_ONLY.some(present) && !actor.user.admin) throw forbidden()
  const errors: Errors = {}
  if (g.parentId !== null)
    for (const k of TOP_LEVEL_ONLY.filter(present)) add(errors, k, 'can only be changed on a top-level group')
  if (input.name !== undefined) {
    if (!input.name.trim()) add(errors, 'name', "can't be blank")
    else if (input.name.length > 255) add(errors, 'name', 'is too long (maximum is 255 characters)')
    else if (!NAME_RE.test(input.name)) add(errors, 'name', NAME_MSG)
  }
  if (input.path !== undefined) for (const e of pathErrors(input.path, g.parentId === null)) add(errors, 'path', e)
  if (input.visibility) await visibilityErrors(g, input.visibility, errors)
  if (input.two_factor_grace_period !== undefined && input.two_factor_grace_period < 0)
    add(errors, 'two_factor_grace_period', 'must be greater than or equal to 0')
  if ((input.unique_project_download_limit_allowlist?.length ?? 0) > LIST_LIMIT)
    add(errors, 'unique_project_download_limit_allowlist', `exceeds maximum length (${LIST_LIMIT} usernames)`)
  if ((input.unique_project_download_limit_alertlist?.length ?? 0) > LIST_LIMIT)
    add(errors, 'unique_project_download_limit_alertlist', `exceeds maximum length (${LIST_LIMIT} user ids)`)
  const ranges =
    input.ip_restriction_ranges
      ?.split(',')
      .map((r) => r.trim())
      .filter(Boolean) ?? []
  for (const r of ranges) {
    const [ip = '', bits, extra] = r.split('/')
    const v = isIP(ip)
    if (
      !v ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (v === 4 ? 32 : 128)))
    )
      add(errors, 'ip_restriction_ranges', `${r} is an invalid IP address range`)
  }
  const domains =
    input.allowed_email_domains_list
      ?.split(',')
      .map((d) => d.trim())
      .filter(Boolean) ?? []
  if (domains.some((d) => !DOMAIN_RE.test(d)))
    add(errors, 'allowed_email_domains_list', 'The domain you entered is misformatted.')
  if (Object.keys(errors).length) throw validation(errors)

  const changes: Record<string, unknown> = {}
  for (const k of DIRECT) if (present(k)) changes[k] = (input as Record<string, unknown>)[k]
  if (input.default_branch === '') changes.default_branch = null
  if (input.step_up_auth_required_oauth_provider === '') changes.step_up_auth_required_oauth_provider = null
  if (input.ip_restriction_ranges !== undefined) changes.ip_restriction_ranges = ranges.length ? ranges.join(',') : null
  if (input.allowed_email_domains_list !== undefined)
    changes.allowed_email_domains_list = domains.length ? domains.join(',') : null
  if (input.default_branch_protection !== undefined)
    changes.default_branch_protection_defaults = protectionDefaults(input.default_branch_protection)
  if (input.default_branch_protection_defaults)
    changes.default_branch_protection_defaults = {
      ...groupSettings(g).default_branch_protection_defaults,
      ...stripUndefined(input.default_branch_protection_defaults),
    }
  // emails_disabled is the deprecated inverse of emails_enabled; the newer name wins.
  if (input.emails_enabled !== undefined) changes.emails_enabled = input.emails_enabled
  else if (input.emails_disabled !== undefined) changes.emails_enabled = !input.emails_disabled
  if (input.shared_runners_setting)
    changes.shared_runners_setting =
      input.shared_runners_setting === 'disabled_with_override'
        ? 'disabled_and_overridable'
        : input.shared_runners_setting
  return changes
}

const stripUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

const pathTaken = () => validation({ path: ['has already been taken'] })

export async function updateGroup(actor: Actor, id: string, input: GroupChanges): Promise<Namespace> {
  const g = await findGroup(actor, id, 'admin_group')
  const changes = await check(actor, g, input)
  const avatar = avatarChange(input.avatar)
  const stored: StoredAvatar | null = avatar.kind === 'file' ? await storeAvatar(g.id, avatar.file) : null
  const name = input.name ?? g.name
  const path = input.path ?? g.path
  const db = await getDb()
  let updated: Namespace
  const data = {
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.visibility ? { visibility: input.visibility } : {}),
    ...(Object.keys(changes).length ? { settings: mergeSettings(g, changes) } : {}),
    ...(avatar.kind === 'remove' ? { avatarPath: null, avatarFilename: null } : {}),
    ...(stored ?? {}),
  }
  // Without a rename the update is one statement: no interactive transaction holds the write lock
  // across awaits.
  const renames = name !== g.name || path !== g.path
  try {
    updated = !renames
      ? await db.namespace.update({ where: { id: g.id }, data })
      : await db.$transaction(async (tx) => {
          const parent = g.parentId !== null ? await tx.namespace.findUnique({ where: { id: g.parentId } }) : null
          const fullPath = parent ? `${parent.fullPath}/${path}` : path
          if (fullPath.toLowerCase() !== g.fullPathLower && (await fullPathTaken(tx, fullPath))) throw pathTaken()
          await renameNamespace(tx, g, {
            path,
            name,
            fullPath,
            fullName: parent ? `${parent.fullName} / ${name}` : name,
          })
          return tx.namespace.update({ where: { id: g.id }, data })
        })
  } catch (e) {
    await removeAvatarFile(stored?.avatarPath)
    if (isUniqueViolation(e)) throw pathTaken()
    throw e
  }
  if (avatar.kind !== 'none' && g.avatarPath) await removeAvatarFile(g.avatarPath)
  return updated
}
