// /groups|projects/:id/access_requests, declared once for both source kinds.
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { noContent, reply } from '../api/reply'
import { memberEntity } from '../members/entity'
import { findSource, type SourceKind } from '../members/source'
import { accessRequesterEntity } from './entity'
import { z } from 'zod'
import { memberSchema } from '../members/schema'
import { accessRequesterSchema, approveParams, requesterParams, sourceParams } from './schema'
import { approveAccessRequest, deleteAccessRequest, listAccessRequests, requestAccess } from './service'

function accessRequestsOf(kind: SourceKind) {
  const base = `/${kind}/:id/access_requests`
  const noun = kind === 'groups' ? 'group' : 'project'
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `Access requests of a ${noun}`,
      auth: 'required',
      params: sourceParams,
      paginated: 'offset',
      response: { body: z.array(accessRequesterSchema) },
      handler: async ({ actor, params, page }) =>
        mapPage(await listAccessRequests(actor, await findSource(actor, kind, params.id), page), accessRequesterEntity),
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      summary: `Request access to a ${noun}`,
      auth: 'required',
      params: sourceParams,
      response: { body: accessRequesterSchema },
      handler: async ({ actor, params }) =>
        accessRequesterEntity(await requestAccess(actor, await findSource(actor, kind, params.id))),
    }),
    approve: endpoint({
      method: 'PUT',
      path: `${base}/:user_id/approve`,
      summary: `Approve an access request to a ${noun}`,
      auth: 'required',
      params: approveParams,
      response: { status: 201, body: memberSchema },
      // GitLab answers 201 here, although it is a PUT.
      handler: async ({ actor, params }) =>
        reply(
          201,
          memberEntity(
            await approveAccessRequest(actor, await findSource(actor, kind, params.id), params),
            actor.user.admin,
          ),
        ),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:user_id`,
      summary: `Deny or withdraw an access request to a ${noun}`,
      auth: 'required',
      params: requesterParams,
      response: { status: 204, body: null },
      handler: async ({ actor, params }) => {
        await deleteAccessRequest(actor, await findSource(actor, kind, params.id), params.user_id)
        return noContent()
      },
    }),
  }
}

export const accessRequestEndpoints = { group: accessRequestsOf('groups'), project: accessRequestsOf('projects') }
