import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { forbidden } from '../api/errors'
import { p } from '../api/param-types'
import { userBasic, userDetail, userPublic } from './entity'
import { createUserParams, listUsersParams, updateUserParams } from './schema'
import { createUser, findUser, listUsers, setUserState, updateUser } from './service'

const byId = z.object({ id: p.int() })

export const userEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/user',
    summary: 'The authenticated user',
    auth: 'required',
    scopes: ['api', 'read_api', 'read_user'],
    handler: async ({ actor }) => userDetail(actor.user, actor.user.admin),
  }),
  list: endpoint({
    method: 'GET',
    path: '/users',
    summary: 'List users',
    auth: 'public',
    scopes: ['api', 'read_api', 'read_user'],
    params: listUsersParams,
    paginated: 'keyset',
    handler: async ({ actor, params, page }) => mapPage(await listUsers(actor, params, page), (u) => (actor?.user.admin ? userDetail(u, true) : userBasic(u))),
  }),
  show: endpoint({
    method: 'GET',
    path: '/users/:id',
    summary: 'One user',
    auth: 'public',
    scopes: ['api', 'read_api', 'read_user'],
    params: byId,
    handler: async ({ actor, params }) => {
      const user = await findUser(params.id)
      if (actor && (actor.user.admin || actor.user.id === user.id)) return userDetail(user, actor.user.admin)
      return userPublic(user)
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/users',
    summary: 'Create a user (administrators)',
    auth: 'admin',
    params: createUserParams,
    handler: async ({ actor, params }) => userDetail(await createUser(params, actor), true),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/users/:id',
    summary: 'Update a user (administrators)',
    auth: 'admin',
    params: updateUserParams,
    handler: async ({ params }) => userDetail(await updateUser(params), true),
  }),
  block: endpoint({
    method: 'POST',
    path: '/users/:id/block',
    summary: 'Block a user (administrators)',
    auth: 'admin',
    params: byId,
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
    handler: async ({ params }) => setUserState(params.id, 'active'),
  }),
}
