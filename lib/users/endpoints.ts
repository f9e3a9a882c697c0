import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { forbidden } from '../api/errors'
import { p } from '../api/param-types'
import { userBasic, userDetail, userPublic, userWithAdmin } from './entity'
import { createUserParams, listUsersParams, updateUserParams, userBasicSchema, userPublicSchema, userSelfSchema, userWithAdminSchema } from './schema'
import { createUser, findUser, listUsers, setUserState, updateUser } from './service'

const byId = z.object({ id: p.int() })

export const userEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/user',
    summary: 'The authenticated user',
    auth: 'required',
    scopes: ['api', 'read_api', 'read_user'],
    response: { body: userSelfSchema },
    handler: async ({ actor }) => (actor.user.admin ? userWithAdmin(actor.user) : userDetail(actor.user)),
  }),
  list: endpoint({
    method: 'GET',
    path: '/users',
    summary: 'List users',
    auth: 'public',
    scopes: ['api', 'read_api', 'read_user'],
    params: listUsersParams,
    paginated: 'keyset',
    response: { body: z.array(z.union([userWithAdminSchema, userBasicSchema])) },
    handler: async ({ actor, params, page }) => mapPage(await listUsers(actor, params, page), (u) => (actor?.user.admin ? userWithAdmin(u) : userBasic(u))),
  }),
  show: endpoint({
    method: 'GET',
    path: '/users/:id',
    summary: 'One user',
    auth: 'public',
    scopes: ['api', 'read_api', 'read_user'],
    params: byId,
    response: { body: z.union([userSelfSchema, userPublicSchema]) },
    handler: async ({ actor, params }) => {
      const user = await findUser(params.id)
      if (actor && (actor.user.admin || actor.user.id === user.id)) return actor.user.admin ? userWithAdmin(user) : userDetail(user)
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
    handler: async ({ actor, params }) => userWithAdmin(await createUser(params, actor)),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/users/:id',
    summary: 'Update a user (administrators)',
    auth: 'admin',
    params: updateUserParams,
    response: { body: userWithAdminSchema },
    handler: async ({ params }) => userWithAdmin(await updateUser(params)),
  }),
  block: endpoint({
    method: 'POST',
    path: '/users/:id/block',
    summary: 'Block a user (administrators)',
    auth: 'admin',
    params: byId,
    response: { body: z.boolean() },
    handler: async ({ actor, params }) => {
      if (params.id === actor.user.id) throw forbidden('You cannot block yourself')
      return setUserState(params.id, 'blocked')
    },
  }),
  unblock: endpoint({
    method: 'POST',
    path: '/users/:id/unblock',
    summary: 'Unblock a user (administrators)',
    auth: 'admin',
    params: byId,
    response: { body: z.boolean() },
    handler: async ({ params }) => setUserState(params.id, 'active'),
  }),
}
