// /projects/:id/protected_branches (GitLab's lib/api/protected_branches.rb). Reading needs read
// access to the code (a guest on a private project gets 403); changes need Maintainer.
import { endpoint } from '../api/endpoint'
import { withItems } from '../api/pagination'
import { noContent } from '../api/reply'
import { findProject } from '../projects/find'
import { protectedBranchEntity } from './entity'
import { z } from 'zod'
import { listParams, protectedBranchSchema, protectParams, ruleParams, updateParams } from './schema'
import { findRule, listRules, namesFor, protect, unprotect, update } from './service'
import type { RuleWithAccess } from './entity'

const base = '/projects/:id/protected_branches'
const present = async (rule: RuleWithAccess) => protectedBranchEntity(rule, await namesFor([rule]))

export const protectedBranchEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'List protected branches',
    auth: 'public',
    params: listParams,
    paginated: 'offset',
    response: { body: z.array(protectedBranchSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id, 'read_code')
      const result = await listRules(project.id, params.search, page)
      const names = await namesFor(result.items)
      return withItems(
        result,
        result.items.map((r) => protectedBranchEntity(r, names)),
      )
    },
  }),
  show: endpoint({
    method: 'GET',
    path: `${base}/:name`,
    summary: 'One protected branch (name or wildcard, URL-encoded)',
    auth: 'public',
    params: ruleParams,
    response: { body: protectedBranchSchema },
    handler: async ({ actor, params }) =>
      present(await findRule((await findProject(actor, params.id, 'read_code')).id, params.name)),
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Protect a branch or wildcard',
    auth: 'required',
    params: protectParams,
    response: { body: protectedBranchSchema },
    handler: async ({ actor, params }) => present(await protect(actor, await findProject(actor, params.id), params)),
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${base}/:name`,
    summary: 'Change a protected branch',
    auth: 'required',
    params: updateParams,
    response: { body: protectedBranchSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id)
      return present(await update(actor, project, await findRule(project.id, params.name), params))
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:name`,
    summary: 'Unprotect a branch',
    auth: 'required',
    params: ruleParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id)
      await unprotect(actor, project, await findRule(project.id, params.name))
      return noContent()
    },
  }),
}
