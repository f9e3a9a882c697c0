import { endpoint } from '../api/endpoint'
import { noContent } from '../api/reply'
import { findProject } from '../projects/find'
import { projectGroupLinkEntity } from './entity'
import { projectGroupLinkSchema, shareParams, unshareParams } from './schema'
import { shareProject, unshareProject } from './service'

export const projectShareEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/projects/:id/share',
    summary: 'Share a project with a group',
    auth: 'required',
    params: shareParams,
    response: { body: projectGroupLinkSchema },
    handler: async ({ actor, params }) =>
      projectGroupLinkEntity(await shareProject(actor, await findProject(actor, params.id, 'admin_project'), params)),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/projects/:id/share/:group_id',
    summary: 'Stop sharing a project with a group',
    auth: 'required',
    params: unshareParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await unshareProject(await findProject(actor, params.id, 'admin_project'), params.group_id)
      return noContent()
    },
  }),
}
