// /broadcast_messages (GitLab's lib/api/broadcast_messages.rb). Reads are public; writes need an
// administrator, checked after the params as GitLab does (authenticated_as_admin! inside the route).
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { noContent } from '../api/reply'
import { broadcastEntity } from './entity'
import { z } from 'zod'
import { broadcastIdParams, broadcastMessageSchema, createBroadcastParams, updateBroadcastParams } from './schema'
import {
  createBroadcastMessage,
  deleteBroadcastMessage,
  findBroadcastMessage,
  listBroadcastMessages,
  updateBroadcastMessage,
} from './service'

export const broadcastMessageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/broadcast_messages',
    summary: 'List broadcast messages (newest first)',
    keep: true,
    auth: 'public',
    paginated: 'offset',
    response: { body: z.array(broadcastMessageSchema) },
    handler: async ({ page }) => {
      const now = new Date()
      return mapPage(await listBroadcastMessages(page), (m) => broadcastEntity(m, now))
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/broadcast_messages/:id',
    summary: 'One broadcast message',
    auth: 'public',
    params: broadcastIdParams,
    response: { body: broadcastMessageSchema },
    handler: async ({ params }) => broadcastEntity(await findBroadcastMessage(params.id)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/broadcast_messages',
    summary: 'Create a broadcast message (administrators)',
    auth: 'admin',
    authAfterParams: true,
    params: createBroadcastParams,
    response: { body: broadcastMessageSchema },
    handler: async ({ params }) => broadcastEntity(await createBroadcastMessage(params)),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/broadcast_messages/:id',
    summary: 'Update a broadcast message (administrators)',
    auth: 'admin',
    authAfterParams: true,
    params: updateBroadcastParams,
    response: { body: broadcastMessageSchema },
    handler: async ({ params }) => broadcastEntity(await updateBroadcastMessage(params)),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/broadcast_messages/:id',
    summary: 'Delete a broadcast message (administrators)',
    auth: 'admin',
    authAfterParams: true,
    params: broadcastIdParams,
    response: { status: 204, body: null },
    handler: async ({ params }) => {
      await deleteBroadcastMessage(params.id)
      return noContent()
    },
  }),
}
