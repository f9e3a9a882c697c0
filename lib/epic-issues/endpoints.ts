// GitLab's epic-issue links (ee/lib/api/epic_issues.rb), deprecated in favour of the work-items API
// (18.1) and kept as they are. Every call is authenticated (401 even on public groups); a group the
// caller cannot see is `404 Group Not Found`, an epic iid not in it or not readable `403 Forbidden`.
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { reply } from '../api/reply'
import type { Actor } from '../auth/actor'
import { findReadableEpic } from '../epics/find'
import { findGroup } from '../groups/find'
import {
  epicIssueLinkSchema,
  epicIssueSchema,
  epicParams,
  assignParams,
  linkParams,
  movedEpicIssueSchema,
  moveParams,
} from './schema'
import { assignIssue, findLink, listLinks, moveLink, relatableIssue, removeLink } from './service'
import { presentEpicIssues, presentLink } from './present'

const base = '/groups/:id/epics/:epic_iid/issues'

async function loadEpic(actor: Actor, params: { id: string; epic_iid: number }) {
  const group = await findGroup(actor, params.id)
  return findReadableEpic(actor, group, params.epic_iid)
}

export const epicIssueEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: "An epic's issues in position order (deprecated)",
    deprecated: true,
    auth: 'required',
    paginated: 'offset',
    params: epicParams,
    response: { body: z.array(epicIssueSchema) },
    handler: async ({ actor, params, page }) => {
      const epic = await loadEpic(actor, params)
      const links = await listLinks(actor, epic, page)
      return { ...links, items: await presentEpicIssues(links.items) }
    },
  }),
  assign: endpoint({
    method: 'POST',
    path: `${base}/:issue_id`,
    summary: 'Assign an issue to an epic, first in its list; an issue of another epic moves (deprecated)',
    deprecated: true,
    auth: 'required',
    params: assignParams,
    response: { status: 201, body: epicIssueLinkSchema },
    handler: async ({ actor, params }) => {
      const epic = await loadEpic(actor, params)
      return reply(201, await presentLink(await assignIssue(actor, epic, params.issue_id), epic))
    },
  }),
  move: endpoint({
    method: 'PUT',
    path: `${base}/:epic_issue_id`,
    summary:
      "Move an issue within an epic's list: move_before_id ends up before it, move_after_id after it (deprecated)",
    deprecated: true,
    auth: 'required',
    // GitLab presents `paginate(epic.issues_readable_by(user))`: the first page unless asked otherwise.
    paginated: 'offset',
    params: moveParams,
    response: { body: z.array(movedEpicIssueSchema) },
    handler: async ({ actor, params, page }) => {
      const epic = await loadEpic(actor, params)
      await moveLink(
        actor,
        epic,
        await findLink(epic, params.epic_issue_id),
        params.move_before_id,
        params.move_after_id,
      )
      const links = await listLinks(actor, epic, page)
      return {
        ...links,
        items: (await presentEpicIssues(links.items)).map((issue) => ({ ...issue, subscribed: false })),
      }
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:epic_issue_id`,
    summary: 'Remove an issue from an epic (deprecated)',
    deprecated: true,
    auth: 'required',
    params: linkParams,
    response: { body: epicIssueLinkSchema },
    handler: async ({ actor, params }) => {
      const epic = await loadEpic(actor, params)
      const link = await findLink(epic, params.epic_issue_id)
      await relatableIssue(actor, link.childId)
      const body = await presentLink(link, epic)
      await removeLink(link)
      return body
    },
  }),
}
