// Members endpoints, declared once for both `groups` and `projects`.
import { endpoint } from '../api/endpoint'
import { paramError } from '../api/errors'
import { mapPage } from '../api/pagination'
import { noContent } from '../api/reply'
import { memberEntity } from './entity'
import { z } from 'zod'
import { addMemberParams, listMembersParams, memberParams, memberSchema, updateMemberParams } from './schema'
import { addMembers, findMember, listAllMembers, listDirectMembers, removeMember, updateMember } from './service'
import { findSource, readableSource, type SourceKind } from './source'

function membersOf(kind: SourceKind) {
  const base = `/${kind}/:id/members`
  const noun = kind === 'groups' ? 'group' : 'project'
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `Direct members of a ${noun}`,
      keep: true,
      auth: 'public',
      params: listMembersParams,
      paginated: 'offset',
      response: { body: z.array(memberSchema) },
      handler: async ({ actor, params, page }) =>
        mapPage(await listDirectMembers(await readableSource(actor, kind, params.id), params, page), (m) =>
          memberEntity(m, !!actor?.user.admin),
        ),
    }),
    listAll: endpoint({
      method: 'GET',
      path: `${base}/all`,
      summary: `Members of a ${noun}, including inherited ones`,
      keep: true,
      auth: 'public',
      params: listMembersParams,
      paginated: 'offset',
      response: { body: z.array(memberSchema) },
      handler: async ({ actor, params, page }) =>
        mapPage(await listAllMembers(await readableSource(actor, kind, params.id), params, page), (m) =>
          memberEntity(m, !!actor?.user.admin),
        ),
    }),
    show: endpoint({
      method: 'GET',
      path: `${base}/:user_id`,
      summary: `A direct member of a ${noun}`,
      auth: 'public',
      params: memberParams,
      response: { body: memberSchema },
      handler: async ({ actor, params }) =>
        memberEntity(
          await findMember(await readableSource(actor, kind, params.id), params.user_id, 'direct'),
          !!actor?.user.admin,
        ),
    }),
    showAll: endpoint({
      method: 'GET',
      path: `${base}/all/:user_id`,
      summary: `A member of a ${noun}, including inherited ones`,
      auth: 'public',
      params: memberParams,
      response: { body: memberSchema },
      handler: async ({ actor, params }) =>
        memberEntity(
          await findMember(await readableSource(actor, kind, params.id), params.user_id, 'all'),
          !!actor?.user.admin,
        ),
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      summary: `Add members to a ${noun}`,
      auth: 'required',
      params: addMemberParams,
      response: { body: z.union([memberSchema, z.array(memberSchema)]) },
      handler: async ({ actor, params }) => {
        // Grape: mutually_exclusive and at_least_one_of :user_id, :username (400 before any lookup).
        if (params.user_id !== undefined && params.username !== undefined)
          throw paramError('user_id, username are mutually exclusive')
        if (params.user_id === undefined && params.username === undefined)
          throw paramError('user_id, username are missing, at least one parameter must be provided')
        const added = await addMembers(actor, await findSource(actor, kind, params.id), params)
        return added.length === 1
          ? memberEntity(added[0]!, actor.user.admin)
          : added.map((m) => memberEntity(m, actor.user.admin))
      },
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:user_id`,
      summary: `Change a member of a ${noun}`,
      auth: 'required',
      params: updateMemberParams,
      response: { body: memberSchema },
      handler: async ({ actor, params }) =>
        memberEntity(await updateMember(actor, await findSource(actor, kind, params.id), params), actor.user.admin),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:user_id`,
      summary: `Remove a member of a ${noun}`,
      auth: 'required',
      params: memberParams,
      response: { status: 204, body: null },
      handler: async ({ actor, params }) => {
        await removeMember(actor, await findSource(actor, kind, params.id), params.user_id)
        return noContent()
      },
    }),
  }
}

export const memberEndpoints = { group: membersOf('groups'), project: membersOf('projects') }
