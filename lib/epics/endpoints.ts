// A group's epics (GitLab's ee/lib/api/epics.rb). Always available here: GitLab's licence check
// ("epics feature not available") never answers. Reads are open as the group is; writes need a
// signed-in user (GitLab's authenticate_non_get!).
import { z } from 'zod'
import { forbidden } from '../api/errors'
import { endpoint } from '../api/endpoint'
import { withItems } from '../api/pagination'
import { noContent, reply } from '../api/reply'
import { findGroup } from '../groups/find'
import { epicRights } from './access'
import { findEpicWithRights } from './find'
import { presentEpic, presentEpics } from './present'
import {
  checkUpdateShape,
  createParams,
  epicDetailSchema,
  epicParams,
  epicSchema,
  listParams,
  updateParams,
} from './schema'
import { createEpic, deleteEpic, listEpics, updateEpic } from './service'

const tags = ['epics']

export const epicEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/groups/:id/epics',
    summary: "List a group's epics (and its subgroups')",
    tags,
    auth: 'public',
    params: listParams,
    paginated: 'offset',
    response: { body: z.array(epicSchema) },
    handler: async ({ actor, params, page }) => {
      const group = await findGroup(actor, params.id)
      const rows = await listEpics(actor, group, params, page)
      return withItems(rows, await presentEpics(rows.items, { fromGroupId: group.id }))
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/groups/:id/epics/:epic_iid',
    summary: 'One epic',
    tags,
    auth: 'public',
    params: epicParams,
    response: { body: epicDetailSchema },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id)
      const { epic } = await findEpicWithRights(actor, group, params.epic_iid)
      // The author takes part in the epic, so is subscribed to it (GitLab subscribes participants).
      const { _links, ...json } = await presentEpic(epic, { fromGroupId: group.id })
      return { ...json, subscribed: !!actor && actor.user.id === epic.authorId, _links }
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/groups/:id/epics',
    summary: 'Create an epic',
    tags,
    auth: 'required',
    params: createParams,
    response: { status: 201, body: epicSchema },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id)
      if (!(await epicRights(actor, group)).write) throw forbidden()
      return reply(201, await presentEpic(await createEpic(actor, group, params), { fromGroupId: group.id }))
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/groups/:id/epics/:epic_iid',
    summary: 'Update an epic (state_event closes or reopens it)',
    tags,
    auth: 'required',
    params: updateParams,
    response: { body: epicSchema },
    handler: async ({ actor, params }) => {
      checkUpdateShape(params)
      const group = await findGroup(actor, params.id)
      const { epic, rights } = await findEpicWithRights(actor, group, params.epic_iid)
      if (!rights.write) throw forbidden()
      return presentEpic(await updateEpic(actor, group, epic, params), { fromGroupId: group.id })
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/groups/:id/epics/:epic_iid',
    summary: 'Delete an epic',
    tags,
    auth: 'required',
    params: epicParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id)
      const { epic, rights } = await findEpicWithRights(actor, group, params.epic_iid)
      if (!rights.destroy) throw forbidden()
      await deleteEpic(epic)
      return noContent()
    },
  }),
}
