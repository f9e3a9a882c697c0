// CI/CD variables of projects (Maintainer+) and groups (Owner) — GitLab's lib/api/ci/variables.rb
// and group_variables.rb, one definition for both owners.
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { p } from '../api/param-types'
import { noContent, reply } from '../api/reply'
import type { Actor } from '../auth/actor'
import type { CiVariable } from '../db'
import { findGroup } from '../groups/find'
import { findProject } from '../projects/find'
import { ciVariableSchema, type CiVariableJson } from './schema'
import {
  createVariable,
  deleteVariable,
  findVariable,
  listVariables,
  updateVariable,
  variableValue,
  type VariableOwner,
} from './service'

const variableEntity = (v: CiVariable): CiVariableJson => ({
  variable_type: v.variableType as CiVariableJson['variable_type'],
  key: v.key,
  value: variableValue(v),
  hidden: false,
  protected: v.protected,
  masked: v.masked,
  raw: v.raw,
  environment_scope: v.environmentScope,
  description: v.description,
})

const attributes = {
  value: p.optional(p.string()),
  variable_type: p.optional(p.enum(['env_var', 'file'])),
  protected: p.optional(p.bool()),
  masked: p.optional(p.bool()),
  raw: p.optional(p.bool()),
  environment_scope: p.optional(p.string()),
  description: p.optional(p.string()),
}
const idParams = z.object({ id: p.id() })
const keyParams = z.object({
  id: p.id(),
  key: p.string(),
  filter: p.optional(z.object({ environment_scope: p.optional(p.string()) })),
})
const createParams = z.object({ id: p.id(), key: p.string(), ...attributes, value: p.string() })
const updateParams = z.object({
  id: p.id(),
  key: p.string(),
  ...attributes,
  filter: p.optional(z.object({ environment_scope: p.optional(p.string()) })),
})

function variableEndpointsFor(
  kind: 'projects' | 'groups',
  owner: (actor: Actor, id: string) => Promise<VariableOwner>,
) {
  const base = `/${kind}/:id/variables`
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `List a ${kind.slice(0, -1)}'s CI/CD variables`,
      auth: 'required',
      params: idParams,
      paginated: 'offset',
      response: { body: z.array(ciVariableSchema) },
      handler: async ({ actor, params, page }) =>
        mapPage(await listVariables(await owner(actor, params.id), page), variableEntity),
    }),
    show: endpoint({
      method: 'GET',
      path: `${base}/:key`,
      summary: 'One CI/CD variable',
      auth: 'required',
      params: keyParams,
      response: { body: ciVariableSchema },
      handler: async ({ actor, params }) =>
        variableEntity(await findVariable(await owner(actor, params.id), params.key, params.filter?.environment_scope)),
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      summary: 'Create a CI/CD variable',
      auth: 'required',
      params: createParams,
      response: { body: ciVariableSchema },
      handler: async ({ actor, params }) =>
        reply(201, variableEntity(await createVariable(await owner(actor, params.id), params))),
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:key`,
      summary: 'Update a CI/CD variable',
      auth: 'required',
      params: updateParams,
      response: { body: ciVariableSchema },
      handler: async ({ actor, params }) => {
        const { key: _key, ...input } = params
        return variableEntity(
          await updateVariable(
            await findVariable(await owner(actor, params.id), params.key, params.filter?.environment_scope),
            input,
          ),
        )
      },
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:key`,
      summary: 'Delete a CI/CD variable',
      auth: 'required',
      params: keyParams,
      response: { status: 204, body: null },
      handler: async ({ actor, params }) => {
        await deleteVariable(
          await findVariable(await owner(actor, params.id), params.key, params.filter?.environment_scope),
        )
        return noContent()
      },
    }),
  }
}

export const ciVariableEndpoints = {
  project: variableEndpointsFor('projects', async (actor, id) => ({
    projectId: (await findProject(actor, id, 'admin_cicd_variables')).id,
  })),
  group: variableEndpointsFor('groups', async (actor, id) => ({
    groupId: (await findGroup(actor, id, 'admin_cicd_variables')).id,
  })),
}
