import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { mapPage, withItems } from '../api/pagination'
import { presentProjects } from '../projects/present'
import { p } from '../api/param-types'
import { accepted } from '../api/reply'
import { listGroupProjects } from '../projects/finder'
import { groupProjectsParams } from '../projects/schema'
import { groupEntity } from './entity'
import { findGroup } from './find'
import { createGroupParams, listGroupsParams } from './schema'
import { createGroup, deleteGroup, listGroups, listSubgroups } from './service'

const byId = z.object({ id: p.id() })

export const groupEndpoints = [
  endpoint({
    method: 'GET',
    path: '/groups',
    summary: 'List groups',
    auth: 'public',
    params: listGroupsParams,
    paginated: 'keyset',
    handler: async ({ actor, params, page }) => mapPage(await listGroups(actor, params, page), groupEntity),
  }),
  endpoint({
    method: 'GET',
    path: '/groups/:id',
    summary: 'One group',
    auth: 'public',
    params: byId,
    handler: async ({ actor, params }) => groupEntity(await findGroup(actor, params.id)),
  }),
  endpoint({
    method: 'POST',
    path: '/groups',
    summary: 'Create a group or subgroup',
    auth: 'required',
    params: createGroupParams,
    handler: async ({ actor, params }) => groupEntity(await createGroup(actor, params)),
  }),
  endpoint({
    method: 'DELETE',
    path: '/groups/:id',
    summary: 'Delete a group with everything in it',
    auth: 'required',
    params: byId,
    handler: async ({ actor, params }) => {
      await deleteGroup(actor, await findGroup(actor, params.id))
      return accepted()
    },
  }),
  endpoint({
    method: 'GET',
    path: '/groups/:id/subgroups',
    summary: 'Subgroups of a group',
    auth: 'public',
    params: listGroupsParams.extend(byId.shape),
    paginated: 'offset',
    handler: async ({ actor, params, page }) => mapPage(await listSubgroups(actor, await findGroup(actor, params.id), params, page), groupEntity),
  }),
  endpoint({
    method: 'GET',
    path: '/groups/:id/projects',
    summary: 'Projects of a group',
    auth: 'public',
    params: groupProjectsParams,
    paginated: 'offset',
    handler: async ({ actor, params, page }) => {
      const result = await listGroupProjects(actor, await findGroup(actor, params.id), params, page)
      return withItems(result, await presentProjects(result.items, params.simple ? 'simple' : 'full'))
    },
  }),
]
