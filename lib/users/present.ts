// Users as the API shows them with their identities (users/identities.ts: group SAML's among them): one
// query for a user or a whole page.
import type { ActorUser } from '../auth/actor'
import type { Identity } from '../db'
import { identitiesOfUsers } from './identities'
import { userDetail, userWithAdmin } from './entity'

async function identitiesByUser(users: readonly ActorUser[]): Promise<Map<number, Identity[]>> {
  const byUser = new Map<number, Identity[]>()
  for (const i of await identitiesOfUsers(users.map((u) => u.id)))
    byUser.set(i.userId, [...(byUser.get(i.userId) ?? []), i])
  return byUser
}

/** The administrators' view of users (a page's worth at once). */
export async function presentWithAdmin(users: readonly ActorUser[]) {
  const identities = await identitiesByUser(users)
  return users.map((u) => userWithAdmin(u, identities.get(u.id)))
}

export async function presentAdmin(u: ActorUser) {
  return userWithAdmin(u, (await identitiesByUser([u])).get(u.id))
}

/** GET /user and GET /users/:id: administrators see the admin view, a user their own detail. */
export async function presentSelf(u: ActorUser, asAdmin: boolean) {
  const identities = (await identitiesByUser([u])).get(u.id)
  return asAdmin ? userWithAdmin(u, identities) : userDetail(u, identities)
}
