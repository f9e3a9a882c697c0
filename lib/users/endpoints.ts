import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { USERS_READ_SCOPES } from '../auth/scopes'
import { withItems } from '../api/pagination'
import { p } from '../api/param-types'
import { noContent } from '../api/reply'
import { membershipSchema } from '../members/schema'
import { userMemberships } from '../members/user-memberships'
import { deleteUserIdentity } from './identities'
import { userBasic, userPublic } from './entity'
import { presentAdmin, presentSelf, presentWithAdmin } from './present'
import { deleteUser } from './remove'
import {
  createUserParams,
  deleteIdentityParams,
  deleteUserParams,
  listUsersParams,
  membershipsParams,
  updateUserParams,
  userBasicSchema,
  userPublicSchema,
  userSelfSchema,
  userWithAdminSchema,
} from './schema'
import { createUser, findUser, listUsers, updateUser } from './service'
import { activateUser, blockUser, deactivateUser, unblockUser } from './state'

const byId = z.object({ id: p.int() })

export const userEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/user',
    summary: 'The authenticated user',
    keep: true,
    auth: 'required',
    scopes: USERS_READ_SCOPES,
    response: { body: userSelfSchema },
    handler: async ({ actor }) => presentSelf(actor.user, actor.user.admin),
  }),
  list: endpoint({
    method: 'GET',
    path: '/users',
    summary: 'List users',
    auth: 'public',
    scopes: USERS_READ_SCOPES,
    params: listUsersParams,
    paginated: 'keyset',
    response: { body: z.array(z.union([userWithAdminSchema, userBasicSchema])) },
    handler: async ({ actor, params, page }) => {
      const found = await listUsers(actor, params, page)
      return withItems(found, actor?.user.admin ? await presentWithAdmin(found.items) : found.items.map(userBasic))
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/users/:id',
    summary: 'One user',
    keep: true,
    auth: 'public',
    scopes: USERS_READ_SCOPES,
    params: byId,
    response: { body: z.union([userSelfSchema, userPublicSchema]) },
    handler: async ({ actor, params }) => {
      const user = await findUser(params.id)
      if (actor && (actor.user.admin || actor.user.id === user.id)) return presentSelf(user, actor.user.admin)
      return userPublic(user)
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/users',
    summary: 'Create a user (administrators)',
    auth: 'admin',
    params: createUserParams,
    response: { body: userWithAdminSchema },
    handler: async ({ actor, params }) => presentAdmin(await createUser(params, actor)),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/users/:id',
    summary: 'Update a user (administrators; the last active administrator keeps the flag)',
    auth: 'admin',
    params: updateUserParams,
    response: { body: userWithAdminSchema },
    handler: async ({ params }) => presentAdmin(await updateUser(params)),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/:id',
    summary:
      'Delete a user (administrators): what they authored goes to the ghost user, or with hard_delete is deleted with the groups they own alone',
    auth: 'admin',
    params: deleteUserParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await deleteUser(actor, params.id, params.hard_delete ?? false)
      return noContent()
    },
  }),
  block: endpoint({
    method: 'POST',
    path: '/users/:id/block',
    summary: 'Block a user (administrators)',
    auth: 'admin',
    params: byId,
    response: { body: z.boolean().nullable(), description: 'true; null when the user was blocked already' },
    handler: async ({ actor, params }) => blockUser(actor, params.id),
  }),
  unblock: endpoint({
    method: 'POST',
    path: '/users/:id/unblock',
    summary: 'Unblock a user (administrators)',
    auth: 'admin',
    params: byId,
    response: { body: z.boolean(), description: 'true; false when the user was not blocked' },
    handler: async ({ params }) => unblockUser(params.id),
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/users/:id/deactivate',
    summary: 'Deactivate a dormant user (administrators)',
    auth: 'admin',
    params: byId,
    response: { body: z.boolean().nullable(), description: 'true; null when the user was deactivated already' },
    handler: async ({ actor, params }) => deactivateUser(actor, params.id),
  }),
  activate: endpoint({
    method: 'POST',
    path: '/users/:id/activate',
    summary: 'Activate a deactivated user (administrators)',
    auth: 'admin',
    params: byId,
    response: { body: z.boolean() },
    handler: async ({ params }) => activateUser(params.id),
  }),
  memberships: endpoint({
    method: 'GET',
    path: '/users/:id/memberships',
    summary: "A user's direct group and project memberships (administrators)",
    auth: 'admin',
    scopes: USERS_READ_SCOPES,
    params: membershipsParams,
    paginated: 'offset',
    response: { body: z.array(membershipSchema) },
    handler: async ({ params, page }) => userMemberships((await findUser(params.id)).id, params.type, page),
  }),
  removeIdentity: endpoint({
    method: 'DELETE',
    path: '/users/:id/identities/:provider',
    summary: "Delete a user's identity of a provider (administrators)",
    auth: 'admin',
    params: deleteIdentityParams,
    response: { status: 204, body: null },
    handler: async ({ params }) => {
      await deleteUserIdentity((await findUser(params.id)).id, params.provider)
      return noContent()
    },
  }),
}
