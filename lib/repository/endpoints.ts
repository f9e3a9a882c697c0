import { endpoint } from '../api/endpoint'
import { ApiError, forbidden } from '../api/errors'
import { mapPage } from '../api/pagination'
import { noContent } from '../api/reply'
import { can } from '../auth/policy'
import { findProject, projectSubject } from '../projects/find'
import { branchEntity, tagEntity } from './entity'
import type { Actor } from '../auth/actor'
import type { ProjectWithNamespace } from '../projects/entity'
import { matchingRules } from '../protected-branches/access'
import type { RuleWithAccess } from '../protected-branches/entity'
import { branchProtection, callerFor, mayCreateProtected, rulesFor } from '../protected-branches/service'
import { createRef, deleteRef, listRefs, requireRef } from './refs'
import { z } from 'zod'
import {
  branchParams,
  branchSchema,
  createBranchParams,
  createTagParams,
  listRefsParams,
  listTagsParams,
  tagParams,
  tagSchema,
} from './schema'

const base = '/projects/:id/repository'
const badRequest400 = (message: string) => new ApiError(400, { message })

/** Protection fields for any branch of the project, with the rules and the caller loaded once. */
async function protectionOf(actor: Actor | null, project: ProjectWithNamespace, rules?: RuleWithAccess[]) {
  const [all, caller, canPush] = await Promise.all([
    rules ?? rulesFor(project.id),
    callerFor(actor, project),
    can(actor, 'push_code', projectSubject(project)),
  ])
  return (branch: string) => branchProtection(all, branch, caller, canPush)
}

export const repositoryEndpoints = {
  listBranches: endpoint({
    method: 'GET',
    path: `${base}/branches`,
    summary: 'List branches',
    auth: 'public',
    params: listRefsParams,
    paginated: 'offset',
    response: { body: z.array(branchSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id, 'read_code')
      const protection = await protectionOf(actor, project)
      return mapPage(await listRefs(project.id, 'branch', params, page), (r) =>
        branchEntity(r, project, protection(r.name)),
      )
    },
  }),
  showBranch: endpoint({
    method: 'GET',
    path: `${base}/branches/:branch`,
    summary: 'One branch',
    auth: 'public',
    params: branchParams,
    response: { body: branchSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_code')
      const ref = await requireRef(project.id, 'branch', params.branch)
      return branchEntity(ref, project, (await protectionOf(actor, project))(ref.name))
    },
  }),
  createBranch: endpoint({
    method: 'POST',
    path: `${base}/branches`,
    summary: 'Create a branch',
    auth: 'required',
    params: createBranchParams,
    response: { body: branchSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'push_code')
      const rules = await rulesFor(project.id)
      // GitLab's BranchCheck: a branch under a protection rule needs push or merge access to create.
      if (!mayCreateProtected(rules, params.branch, await callerFor(actor, project)))
        throw badRequest400('You are not allowed to create protected branches on this project.')
      const ref = await createRef(project.id, 'branch', params.branch, params.ref)
      return branchEntity(ref, project, (await protectionOf(actor, project, rules))(ref.name))
    },
  }),
  removeBranch: endpoint({
    method: 'DELETE',
    path: `${base}/branches/:branch`,
    summary: 'Delete a branch',
    auth: 'required',
    params: branchParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      // GitLab: authorize_push_project (403), find_branch! (404), then Branches::DeleteService (405 for HEAD).
      const project = await findProject(actor, params.id, 'push_code')
      const ref = await requireRef(project.id, 'branch', params.branch)
      if (ref.name === project.defaultBranch) throw new ApiError(405, { message: 'Cannot remove HEAD branch' })
      // GitLab's BranchCheck refuses the deletion in the pre-receive hook: a 400 with its message.
      const rules = await rulesFor(project.id)
      if (
        matchingRules(rules, ref.name).length &&
        !(await can(actor, 'delete_protected_branch', projectSubject(project)))
      )
        throw badRequest400(
          'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
        )
      await deleteRef(ref)
      return noContent()
    },
  }),
  listTags: endpoint({
    method: 'GET',
    path: `${base}/tags`,
    summary: 'List tags',
    auth: 'public',
    params: listTagsParams,
    paginated: 'offset',
    response: { body: z.array(tagSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id, 'read_code')
      return mapPage(await listRefs(project.id, 'tag', params, page), (r) => tagEntity(r, project))
    },
  }),
  showTag: endpoint({
    method: 'GET',
    path: `${base}/tags/:tag_name`,
    summary: 'One tag',
    auth: 'public',
    params: tagParams,
    response: { body: tagSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_code')
      const ref = await requireRef(project.id, 'tag', params.tag_name)
      return tagEntity(ref, project)
    },
  }),
  createTag: endpoint({
    method: 'POST',
    path: `${base}/tags`,
    summary: 'Create a tag',
    auth: 'required',
    params: createTagParams,
    response: { body: tagSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'create_tag')
      return tagEntity(await createRef(project.id, 'tag', params.tag_name, params.ref, params.message), project)
    },
  }),
  removeTag: endpoint({
    method: 'DELETE',
    path: `${base}/tags/:tag_name`,
    summary: 'Delete a tag',
    auth: 'required',
    params: tagParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_code')
      const ref = await requireRef(project.id, 'tag', params.tag_name)
      // GitLab's delete_tag: admin_tag (granted with push_code, i.e. Developer) on an unprotected tag.
      if (!(await can(actor, 'create_tag', projectSubject(project)))) throw forbidden()
      await deleteRef(ref)
      return noContent()
    },
  }),
}
