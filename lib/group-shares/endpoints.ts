import { endpoint } from '../api/endpoint'
import { reply, noContent } from '../api/reply'
import { groupDetail } from '../groups/detail'
import { groupDetailSchema } from '../groups/detail-schema'
import { findGroup } from '../groups/find'
import { shareGroupParams, unshareGroupParams } from './schema'
import { shareGroup, unshareGroup } from './service'

export const groupShareEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/groups/:id/share',
    summary: 'Share a group with another group',
    auth: 'required',
    params: shareGroupParams,
    response: { body: groupDetailSchema },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id)
      await shareGroup(actor, group, params)
      return reply(201, await groupDetail(actor, group))
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/groups/:id/share/:group_id',
    summary: 'Stop sharing a group with another group',
    auth: 'required',
    params: unshareGroupParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await unshareGroup(actor, await findGroup(actor, params.id), params.group_id)
      return noContent()
    },
  }),
}
