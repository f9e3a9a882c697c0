// Badges of groups and projects (GitLab's lib/api/badges.rb, reads only). This product keeps no
// badges yet, so the lists are empty — but they exist, as a GitLab destination migrating a group
// from here pages through them (direct transfer).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { offsetPage } from '../api/pagination'
import { p } from '../api/param-types'
import { findGroup } from '../groups/find'
import { findProject } from '../projects/find'
import { badgeSchema } from './schema'

const params = z.object({ id: p.id(), name: p.optional(p.string()) })

export const badgeEndpoints = {
  listForGroup: endpoint({
    method: 'GET',
    path: '/groups/:id/badges',
    summary: "A group's badges",
    auth: 'public',
    params,
    paginated: 'offset',
    response: { body: z.array(badgeSchema) },
    handler: async ({ actor, params, page }) => {
      await findGroup(actor, params.id)
      return offsetPage([], 0, page)
    },
  }),
  listForProject: endpoint({
    method: 'GET',
    path: '/projects/:id/badges',
    summary: "A project's badges",
    auth: 'public',
    params,
    paginated: 'offset',
    response: { body: z.array(badgeSchema) },
    handler: async ({ actor, params, page }) => {
      await findProject(actor, params.id)
      return offsetPage([], 0, page)
    },
  }),
}
