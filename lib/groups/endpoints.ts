import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { notFound } from '../api/errors'
import { withItems } from '../api/pagination'
import { extendObject } from '../api/json-fragment'
import { attributesBySubject } from '../custom-attributes/service'
import { presentProjects } from '../projects/present'
import { groupProjectsParams, projectListItemSchema } from '../projects/schema'
import { p } from '../api/param-types'
import { accepted, acceptedSchema, rawReply } from '../api/reply'
import { listGroupProjects } from '../projects/finder'
import { avatarContentType, readAvatar } from './avatar'
import { groupDetail } from './detail'
import { groupAbilities } from './abilities'
import { groupDetailSchema, groupShowSchema } from './detail-schema'
import { findGroup } from './find'
import { presentGroups } from './present'
import { createGroupParams, groupListItemSchema, listGroupsParams } from './schema'
import { createGroup, deleteGroup, listGroups, listSubgroups } from './service'
import { updateGroup } from './update'
import { updateGroupParams } from './update-schema'

const byId = z.object({ id: p.id() })
const detailParams = byId.extend({ with_custom_attributes: p.optional(p.bool()), with_projects: p.optional(p.bool()) })

/** RFC 6266 header: a plain ASCII name, plus filename* when the stored name needs escaping. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

export const groupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/groups',
    summary: 'List groups',
    keep: true,
    auth: 'public',
    params: listGroupsParams,
    paginated: 'keyset',
    response: { body: z.array(groupListItemSchema) },
    handler: async ({ actor, params, page }) => presentGroups(actor, await listGroups(actor, params, page), params),
  }),
  show: endpoint({
    method: 'GET',
    path: '/groups/:id',
    summary: 'One group',
    keep: true,
    auth: 'public',
    params: detailParams,
    response: { body: groupShowSchema },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id)
      const detail = await groupDetail(actor, group, {
        withProjects: params.with_projects,
        withCustomAttributes: params.with_custom_attributes,
      })
      const abilities = await groupAbilities(actor, group)
      return extendObject(detail, { abilities })
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/groups',
    summary: 'Create a group or subgroup',
    auth: 'required',
    params: createGroupParams,
    response: { body: groupDetailSchema },
    handler: async ({ actor, params }) => groupDetail(actor, await createGroup(actor, params), { withProjects: false }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/groups/:id',
    summary: 'Update a group (settings, path, avatar)',
    auth: 'required',
    params: updateGroupParams,
    response: { body: groupDetailSchema },
    handler: async ({ actor, params }) =>
      groupDetail(actor, await updateGroup(actor, params.id, params), { withProjects: params.with_projects }),
  }),
  avatar: endpoint({
    method: 'GET',
    path: '/groups/:id/avatar',
    summary: "The group's avatar image",
    auth: 'public',
    params: byId,
    response: { body: null },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id)
      const bytes = group.avatarPath ? await readAvatar(group.avatarPath) : null
      if (!bytes || !group.avatarFilename) throw notFound('Avatar')
      return rawReply(200, bytes, avatarContentType(group.avatarFilename, bytes), {
        'Content-Disposition': attachment(group.avatarFilename),
        'X-Content-Type-Options': 'nosniff',
      })
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/groups/:id',
    summary: 'Delete a group with everything in it',
    auth: 'required',
    params: byId,
    response: { status: 202, body: acceptedSchema },
    handler: async ({ actor, params }) => {
      await deleteGroup(actor, await findGroup(actor, params.id))
      return accepted()
    },
  }),
  subgroups: endpoint({
    method: 'GET',
    path: '/groups/:id/subgroups',
    summary: 'Subgroups of a group',
    keep: true,
    auth: 'public',
    params: listGroupsParams.extend(byId.shape),
    paginated: 'offset',
    response: { body: z.array(groupListItemSchema) },
    handler: async ({ actor, params, page }) =>
      presentGroups(actor, await listSubgroups(actor, await findGroup(actor, params.id), params, page), params),
  }),
  projects: endpoint({
    method: 'GET',
    path: '/groups/:id/projects',
    summary: 'Projects of a group',
    keep: true,
    auth: 'public',
    params: groupProjectsParams,
    paginated: 'offset',
    response: { body: z.array(projectListItemSchema) },
    handler: async ({ actor, params, page }) => {
      const result = await listGroupProjects(actor, await findGroup(actor, params.id), params, page)
      const items = await presentProjects(result.items, params.simple ? 'simple' : 'full')
      if (!actor?.user.admin || !params.with_custom_attributes) return withItems(result, items)
      const attrs = await attributesBySubject(
        'Project',
        result.items.map((r) => r.id),
      )
      return withItems(
        result,
        items.map((f, i) => extendObject(f, { custom_attributes: attrs.get(result.items[i]!.id) ?? [] })),
      )
    },
  }),
}
