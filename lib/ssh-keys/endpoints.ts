// GitLab's user SSH key endpoints: /user/keys for oneself, /users/:id/keys (reads public,
// writes for administrators).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { USERS_READ_SCOPES } from '../auth/scopes'
import { mapPage } from '../api/pagination'
import { p } from '../api/param-types'
import { noContent } from '../api/reply'
import { findUser } from '../users/service'
import { sshKeyEntity } from './entity'
import { addKeyParams, sshKeySchema } from './schema'
import { addKey, deleteKey, findKey, listKeys } from './service'

const keyId = { key_id: p.int() }
const userId = { id: p.int() }

export const sshKeyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/user/keys',
    summary: "The current user's SSH keys",
    auth: 'required',
    scopes: USERS_READ_SCOPES,
    paginated: 'offset',
    response: { body: z.array(sshKeySchema) },
    handler: async ({ actor, page }) => mapPage(await listKeys(actor.user.id, page), sshKeyEntity),
  }),
  show: endpoint({
    method: 'GET',
    path: '/user/keys/:key_id',
    summary: 'One SSH key of the current user',
    auth: 'required',
    scopes: USERS_READ_SCOPES,
    params: z.object(keyId),
    response: { body: sshKeySchema },
    handler: async ({ actor, params }) => sshKeyEntity(await findKey(actor.user.id, params.key_id)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/user/keys',
    summary: 'Add an SSH key for the current user',
    auth: 'required',
    params: addKeyParams,
    response: { body: sshKeySchema },
    handler: async ({ actor, params }) => sshKeyEntity(await addKey(actor.user.id, params)),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/user/keys/:key_id',
    summary: 'Delete an SSH key of the current user',
    auth: 'required',
    params: z.object(keyId),
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await deleteKey(actor.user.id, params.key_id)
      return noContent()
    },
  }),
  listForUser: endpoint({
    method: 'GET',
    path: '/users/:id/keys',
    summary: "A user's SSH keys",
    auth: 'public',
    scopes: USERS_READ_SCOPES,
    params: z.object(userId),
    paginated: 'offset',
    response: { body: z.array(sshKeySchema) },
    handler: async ({ params, page }) => mapPage(await listKeys((await findUser(params.id)).id, page), sshKeyEntity),
  }),
  showForUser: endpoint({
    method: 'GET',
    path: '/users/:id/keys/:key_id',
    summary: 'One SSH key of a user',
    auth: 'public',
    scopes: USERS_READ_SCOPES,
    params: z.object({ ...userId, ...keyId }),
    response: { body: sshKeySchema },
    handler: async ({ params }) => sshKeyEntity(await findKey((await findUser(params.id)).id, params.key_id)),
  }),
  createForUser: endpoint({
    method: 'POST',
    path: '/users/:id/keys',
    summary: 'Add an SSH key for a user (administrators)',
    auth: 'admin',
    params: addKeyParams.extend(userId),
    response: { body: sshKeySchema },
    handler: async ({ params }) => sshKeyEntity(await addKey((await findUser(params.id)).id, params)),
  }),
  removeForUser: endpoint({
    method: 'DELETE',
    path: '/users/:id/keys/:key_id',
    summary: 'Delete an SSH key of a user (administrators)',
    auth: 'admin',
    params: z.object({ ...userId, ...keyId }),
    response: { status: 204, body: null },
    handler: async ({ params }) => {
      await deleteKey((await findUser(params.id)).id, params.key_id)
      return noContent()
    },
  }),
}
