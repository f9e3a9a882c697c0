// /projects/:id/issues (GitLab's lib/api/issues.rb): list, one, create, update (close/reopen), delete.
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { paramError } from '../api/errors'
import { withItems } from '../api/pagination'
import { noContent } from '../api/reply'
import { findProject } from '../projects/find'
import { findGroup } from '../groups/find'
import { projectsBelow } from '../projects/lookup'
import { listGroupIssues } from './group-list'
import { listIssues } from './list'
import { presentIssues } from './present'
import {
  createIssueParams,
  groupIssuesParams,
  issueIidParams,
  issueSchema,
  listIssuesParams,
  UPDATE_FIELDS,
  updateIssueParams,
} from './schema'
import { createIssue, deleteIssue, findIssue, issuesOf, updateIssue } from './service'
import type { IssueRow } from './find'

const base = '/projects/:id/issues'
const one = `${base}/:issue_iid`

async function presentOne(row: IssueRow, viewer: number | null) {
  const [json] = await presentIssues([row], { subscribedFor: viewer })
  return json!
}

export const issueEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: "List a project's issues (offset or keyset pagination)",
    auth: 'public',
    params: listIssuesParams,
    paginated: 'keyset',
    response: { body: z.array(issueSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id)
      const access = await issuesOf(actor, project)
      const result = await listIssues(actor, project.id, access, params, page)
      return withItems(result, await presentIssues(result.items))
    },
  }),
  groupList: endpoint({
    method: 'GET',
    path: '/groups/:id/issues',
    summary: "List the issues of a group's projects, subgroups included, that the caller may read",
    auth: 'public',
    params: groupIssuesParams,
    paginated: 'offset',
    response: { body: z.array(issueSchema) },
    handler: async ({ actor, params, page }) => {
      const group = await findGroup(actor, params.id)
      const result = await listGroupIssues(actor, await projectsBelow(group.traversalIds), params, page)
      return withItems(result, await presentIssues(result.items))
    },
  }),
  show: endpoint({
    method: 'GET',
    path: one,
    summary: 'One project issue',
    auth: 'public',
    params: issueIidParams,
    response: { body: issueSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id)
      const row = await findIssue(actor, project, await issuesOf(actor, project), params.issue_iid)
      return presentOne(row, actor?.user.id ?? null)
    },
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create a project issue',
    auth: 'required',
    params: createIssueParams,
    response: { body: issueSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id)
      const row = await createIssue(actor, project, await issuesOf(actor, project), params)
      return presentOne(row, actor.user.id)
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: one,
    summary: 'Change a project issue (fields, labels, assignees; state_event close or reopen)',
    auth: 'required',
    params: updateIssueParams,
    response: { body: issueSchema },
    handler: async ({ actor, params }) => {
      if (UPDATE_FIELDS.every((f) => params[f] === undefined))
        throw paramError(`${UPDATE_FIELDS.join(', ')} are missing, at least one parameter must be provided`)
      const project = await findProject(actor, params.id)
      const access = await issuesOf(actor, project)
      const row = await findIssue(actor, project, access, params.issue_iid)
      return presentOne(await updateIssue(actor, project, access, row, params), actor.user.id)
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: one,
    summary: 'Delete a project issue (Owner)',
    auth: 'required',
    params: issueIidParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id)
      const access = await issuesOf(actor, project)
      await deleteIssue(access, await findIssue(actor, project, access, params.issue_iid))
      return noContent()
    },
  }),
}
