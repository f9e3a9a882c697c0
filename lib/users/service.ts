// Users: creation (with the personal namespace), updates, lookups and the filtered list (states: state.ts, deletion: remove.ts).
import { conflict, forbidden, notFound, validation, paramError } from '../api/errors'
import { keysetPage, offsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor, ActorUser } from '../auth/actor'
import { hashPassword } from '../auth/password'
import { endConsoleSessionsOf } from '../auth/console-sessions'
import { containsInsensitive, getDb, isKept, uniqueAs, type Prisma } from '../db'
import { afterCursor, decodeCursor, encodeCursor, keysetOrder } from '../api/keyset'
import { claimPath, fullPathTaken, pathErrors, renameNamespace } from '../routes/service'
import { personalNamespaceOf } from '../groups/namespaces'
import { createPersonalNamespace } from '../groups/personal-namespace'
import { keepAnAdministrator, lastAdminFlagError } from './state'
import { EMAIL_RE, USERNAME_RE, type CreateUserParams, type ListUsersParams, type UpdateUserParams } from './schema'
import { randomBytes } from 'node:crypto'
import RE2 from 're2'
import { currentSettings, setting } from '../settings/service'
import { acceptInvitationsInTx } from '../invitations/accept'
import { userById } from './find'

// A kept row is shared for its generation, so is the copy without its password hash (a rest copy of
// a 25-column row costs microseconds on every GET /users/:id otherwise).
const publicRows = new WeakMap<object, ActorUser>()
function publicUser(row: ActorUser & { passwordHash?: string | null }): ActorUser {
  const hit = publicRows.get(row)
  if (hit) return hit
  const { passwordHash: _x, ...user } = row
  if (isKept(row)) publicRows.set(row, Object.isFrozen(row) ? Object.freeze(user) : user)
  return user
}

function checkPassword(password: string, errors: Record<string, string[]>) {
  if (password.length < 8) errors.password = ['is too short (minimum is 8 characters)']
  else if (password.length > 128) errors.password = ['is too long (maximum is 128 characters)']
}

/**
 * email_restrictions (an RE2 regex) when email_restrictions_enabled. GitLab exempts users that an
 * administrator creates; the issue asks for the restriction on user creation, and POST /users is
 * the only way users are created here, so it applies to it.
 */
async function emailRestricted(email: string): Promise<boolean> {
  const s = await currentSettings()
  if (!s.email_restrictions_enabled || typeof s.email_restrictions !== 'string' || !s.email_restrictions) return false
  try {
    return new RE2(s.email_restrictions).test(email)
  } catch {
    return false
  }
}

export async function createUser(input: CreateUserParams, createdBy: Actor | null): Promise<ActorUser> {
  const set = [input.password !== undefined, !!input.reset_password, !!input.force_random_password].filter(
    Boolean,
  ).length
  if (set !== 1)
    throw paramError(
      'password, reset_password, force_random_password are missing, exactly one parameter must be provided',
    )
  const errors: Record<string, string[]> = {}
  if (!input.name.trim()) errors.name = ["can't be blank"]
  if (!EMAIL_RE.test(input.email)) errors.email = ['is invalid']
  if (!USERNAME_RE.test(input.username) || input.username.length > 255)
    errors.username = [
      "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.",
    ]
  const reserved = pathErrors(input.username, true).find((m) => m.endsWith('reserved name'))
  if (reserved) errors.username = [reserved]
  const password = input.password ?? randomBytes(24).toString('base64url')
  if (input.password !== undefined) checkPassword(input.password, errors)
  if (await emailRestricted(input.email))
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the key may be absent (tsc agrees under noUncheckedIndexedAccess); the rule reads an assignment target's type without it
    (errors.email ??= []).push('is not allowed. Please use your regular email address. Check with your administrator.')
  if (Object.keys(errors).length) throw validation(errors)
  const db = await getDb()
  const passwordHash = await hashPassword(password)
  const projectsLimit = input.projects_limit ?? (await setting<number>('default_projects_limit'))
  return db
    .$transaction(async (tx) => {
      if (await tx.user.findUnique({ where: { emailLower: input.email.toLowerCase() }, select: { id: true } }))
        throw conflict('Email has already been taken')
      if (
        (await tx.user.findUnique({ where: { usernameLower: input.username.toLowerCase() }, select: { id: true } })) ||
        (await fullPathTaken(tx, input.username))
      )
        throw conflict('Username has already been taken')
      const user = await tx.user.create({
        data: {
          username: input.username,
          usernameLower: input.username.toLowerCase(),
          email: input.email,
          emailLower: input.email.toLowerCase(),
          name: input.name,
          passwordHash,
          admin: input.admin ?? false,
          projectsLimit,
          canCreateGroup: input.can_create_group ?? true,
          external: input.external ?? false,
          bio: input.bio ?? '',
          confirmedAt: input.skip_confirmation === false ? null : new Date(),
          createdById: createdBy?.user.id ?? null,
        },
      })
      await claimPath(tx, user.username)
      await createPersonalNamespace(tx, user)
      await acceptInvitationsInTx(tx, user)
      return publicUser(user)
    })
    .catch(uniqueAs(() => conflict('Username has already been taken')))
}

export async function findUser(id: number): Promise<ActorUser> {
  const user = await userById(id)
  if (!user) throw notFound('User')
  return publicUser(user)
}

export async function updateUser(input: UpdateUserParams): Promise<ActorUser> {
  const db = await getDb()
  const current = await findUser(input.id)
  const errors: Record<string, string[]> = {}
  if (input.email !== undefined && !EMAIL_RE.test(input.email)) errors.email = ['is invalid']
  if (input.username !== undefined && !USERNAME_RE.test(input.username))
    errors.username = [
      "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.",
    ]
  if (input.name !== undefined && !input.name.trim()) errors.name = ["can't be blank"]
  if (input.password !== undefined) checkPassword(input.password, errors)
  if (Object.keys(errors).length) throw validation(errors)
  const data: Prisma.UserUpdateInput = {}
  if (input.name !== undefined) data.name = input.name
  if (input.email !== undefined) Object.assign(data, { email: input.email, emailLower: input.email.toLowerCase() })
  if (input.username !== undefined)
    Object.assign(data, { username: input.username, usernameLower: input.username.toLowerCase() })
  if (input.admin !== undefined) data.admin = input.admin
  if (input.projects_limit !== undefined) data.projectsLimit = input.projects_limit
  if (input.can_create_group !== undefined) data.canCreateGroup = input.can_create_group
  if (input.external !== undefined) data.external = input.external
  if (input.bio !== undefined) data.bio = input.bio
  if (input.password !== undefined) data.passwordHash = await hashPassword(input.password)
  const updated = await db.$transaction(async (tx) => {
    if (input.admin === false && current.admin && current.state === 'active' && !current.bot)
      await keepAnAdministrator(tx, current.id, lastAdminFlagError)
    if (input.email !== undefined && input.email.toLowerCase() !== current.emailLower) {
      if (await tx.user.findUnique({ where: { emailLower: input.email.toLowerCase() }, select: { id: true } }))
        throw conflict('Email has already been taken')
    }
    const ns = await personalNamespaceOf(current.id, tx)
    if (input.username !== undefined && input.username.toLowerCase() !== current.usernameLower) {
      if (await fullPathTaken(tx, input.username)) throw conflict('Username has already been taken')
    }
    const user = await tx.user.update({ where: { id: current.id }, data })
    // A new password signs the user out everywhere (Devise's authenticatable_salt changes with it).
    if (input.password !== undefined) await endConsoleSessionsOf(current.id, tx)
    if (ns && (user.username !== ns.path || user.name !== ns.name)) {
      await renameNamespace(tx, ns, {
        path: user.username,
        name: user.name,
        fullPath: user.username,
        fullName: user.name,
      })
    }
    return user
  })
  return publicUser(updated)
}

/**
 * Admin → Users → "Revoke all sessions": signs the user out of every console session at once.
 * GitLab has no API for another user's web sessions (only the user's own Active sessions page), so
 * the console calls this service from a server action, under the same administrator rule as the
 * users API. Returns how many sessions ended.
 */
export async function revokeUserSessions(actor: Actor | null, id: number): Promise<number> {
  if (!actor?.user.admin) throw forbidden()
  await findUser(id)
  return endConsoleSessionsOf(id)
}

const ORDER_FIELD = {
  id: 'id',
  name: 'name',
  username: 'username',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
} as const

/** GitLab's UsersFinder filters; the administrators-only ones are ignored for anyone else, as GitLab's API does. */
function userFilters(actor: Actor | null, params: ListUsersParams): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = []
  if (params.username) and.push({ usernameLower: params.username.toLowerCase() })
  if (params.search) {
    const s = params.search
    and.push({
      OR: [
        { username: containsInsensitive(s) },
        { name: containsInsensitive(s) },
        ...(actor?.user.admin ? [{ email: containsInsensitive(s) }] : []),
      ],
    })
  }
  if (params.active) and.push({ state: 'active', ghost: false })
  if (params.blocked) and.push({ state: 'blocked' })
  if (params.exclude_active) and.push({ state: { not: 'active' } })
  if (params.external) and.push({ external: true })
  if (params.exclude_external) and.push({ external: false })
  if (params.humans) and.push({ bot: false, ghost: false })
  if (params.exclude_humans) and.push({ OR: [{ bot: true }, { ghost: true }] })
  if (params.exclude_internal) and.push({ ghost: false })
  if (params.without_project_bots) and.push({ bot: false })
  if (actor?.user.admin) {
    if (params.admins) and.push({ admin: true })
    if (params.deactivated) and.push({ state: 'deactivated' })
    // Nobody has two-factor authentication here: "enabled" finds nobody, anything else filters nothing.
    if (params.two_factor === 'enabled') and.push({ id: { in: [] } })
    // GitLab's "no project authorizations", approximated as "a member of nothing" (a member of an empty group is left out).
    if (params.without_projects) and.push({ memberships: { none: {} } })
    if (params.created_after) and.push({ createdAt: { gte: params.created_after } })
    if (params.created_before) and.push({ createdAt: { lte: params.created_before } })
  }
  return and.length ? { AND: and } : {}
}

export async function listUsers(
  actor: Actor | null,
  params: ListUsersParams & { pagination?: string },
  window: PageWindow,
) {
  const db = await getDb()
  const where = userFilters(actor, params)
  const field = ORDER_FIELD[params.order_by ?? 'id']
  const dir = params.sort ?? 'desc'
  if (params.pagination === 'keyset') {
    const cursorWhere = params.cursor ? afterCursor(field, dir, decodeCursor(params.cursor)) : {}
    const rows = await db.user.findMany({
      where: { AND: [where, cursorWhere] },
      orderBy: keysetOrder(field, dir),
      take: window.perPage + 1,
    })
    const items = rows.slice(0, window.perPage).map(publicUser)
    const last = items[items.length - 1]
    const next =
      rows.length > window.perPage && last
        ? { cursor: encodeCursor((last as Record<string, unknown>)[field], last.id) }
        : null
    return keysetPage(items, next)
  }
  const { items: rows, total } = await offsetList(
    'user',
    where,
    window,
    db.user.findMany({ where, orderBy: keysetOrder(field, dir), skip: window.skip, take: window.take }),
  )
  return offsetPage(rows.map(publicUser), total, window)
}
