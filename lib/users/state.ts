// Blocking, unblocking, deactivating and activating users, with GitLab's rules and messages
// (lib/api/users.rb, Users::BlockService, DeactivateService, ActivateService) and this product's
// own: nobody changes their own state through the API, and the last active administrator stays.
import { ApiError, forbidden, notFound, validation } from '../api/errors'
import type { Actor } from '../auth/actor'
import { getDb, type Prisma, type User } from '../db'
import { setting } from '../settings/service'
import { endConsoleSessionsOf } from '../auth/console-sessions'

type Tx = Prisma.TransactionClient

/** render_api_error!(message, status): GitLab's services' messages come without the "403 Forbidden - " prefix. */
const refused = (message: string) => new ApiError(403, { message })

/** Not blocked, not deactivated: GitLab's `active` state. */
const isActiveAdmin = (u: Pick<User, 'admin' | 'state' | 'bot'>) => u.admin && u.state === 'active' && !u.bot

async function userRow(id: number): Promise<User> {
  const user = await (await getDb()).user.findUnique({ where: { id } })
  if (!user) throw notFound('User')
  return user
}

/**
 * Inside the transaction that takes `userId` out of the active administrators: fails with `error`
 * when none would be left. Rewriting every active administrator's row first makes two such
 * transactions queue behind each other (row locks on PostgreSQL, the single writer on SQLite), so
 * each counts what the other committed and two admins cannot demote each other at once.
 */
export async function keepAnAdministrator(tx: Tx, userId: number, error: () => ApiError): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE "User" SET "admin" = "admin" WHERE "admin" = true AND "state" = 'active' AND "bot" = false`,
  )
  const others = await tx.user.count({ where: { admin: true, state: 'active', bot: false, id: { not: userId } } })
  if (!others) throw error()
}

export const lastAdminError = (verb: string) => () => forbidden(`The last active administrator cannot be ${verb}`)
export const lastAdminFlagError = () => validation({ admin: ['cannot be removed from the last active administrator'] })

function refuseSelf(actor: Actor, user: User, verb: string): void {
  if (actor.user.id === user.id) throw forbidden(`The API initiating user cannot be ${verb} by the API`)
}

/** Writes the new state (with the last-admin rule when an active admin leaves the active state) and forgets cached lookups. */
async function writeState(user: User, state: 'active' | 'blocked' | 'deactivated', verb: string): Promise<void> {
  await (
    await getDb()
  ).$transaction(async (tx) => {
    if (isActiveAdmin(user) && state !== 'active') await keepAnAdministrator(tx, user.id, lastAdminError(verb))
    await tx.user.update({ where: { id: user.id }, data: { state } })
    // Blocked or deactivated: signed out everywhere, so unblocking later does not revive old cookies.
    if (state !== 'active') await endConsoleSessionsOf(user.id, tx)
  })
}

/** POST /users/:id/block: true, or null when the user was blocked already (GitLab's `break`). */
export async function blockUser(actor: Actor, id: number): Promise<true | null> {
  const user = await userRow(id)
  refuseSelf(actor, user, 'blocked')
  if (user.state === 'blocked') return null
  if (user.ghost) throw refused('An internal user cannot be blocked')
  await writeState(user, 'blocked', 'blocked')
  return true
}

/** POST /users/:id/unblock: GitLab's `user.activate` succeeds only from blocked, so an active user answers false. */
export async function unblockUser(id: number): Promise<boolean> {
  const user = await userRow(id)
  if (user.state === 'deactivated') throw forbidden('Deactivated users cannot be unblocked by the API')
  if (user.state !== 'blocked') return false
  await writeState(user, 'active', 'unblocked')
  return true
}

/** The newer of last activity and current sign-in, GitLab's `last_active_at`; null when the user never did anything. */
const lastActiveAt = (u: User): number | null => {
  const times = [u.lastActivityOn, u.currentSignInAt].filter((d): d is Date => d !== null).map((d) => d.getTime())
  return times.length ? Math.max(...times) : null
}

/** POST /users/:id/deactivate: true, or null when the user was deactivated already (GitLab's `break`). */
export async function deactivateUser(actor: Actor, id: number): Promise<true | null> {
  const user = await userRow(id)
  refuseSelf(actor, user, 'deactivated')
  if (user.state === 'deactivated') return null
  if (user.state === 'blocked') throw refused('Error occurred. A blocked user cannot be deactivated')
  if (user.ghost) throw refused('Internal users cannot be deactivated')
  const days = await setting<number>('deactivate_dormant_users_period')
  const last = lastActiveAt(user)
  if (last !== null && last > Date.now() - days * 86_400_000)
    throw refused(
      `The user you are trying to deactivate has been active in the past ${days} days and cannot be deactivated`,
    )
  await writeState(user, 'deactivated', 'deactivated')
  return true
}

/** POST /users/:id/activate: true for a deactivated or already active user; a blocked one must be unblocked. */
export async function activateUser(id: number): Promise<true> {
  const user = await userRow(id)
  if (user.state === 'blocked') throw refused('Error occurred. A blocked user must be unblocked to be activated')
  if (user.state !== 'active') await writeState(user, 'active', 'activated')
  return true
}
