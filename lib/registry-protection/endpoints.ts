// /projects/:id/registry/protection/tag/rules (GitLab's project_container_registry_protection_tag_rules.rb).
// Its after_validation block validates params first, then authenticate! (401) and
// authorize! :admin_container_image on user_project (404 when unseen, 403 below Maintainer).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { noContent } from '../api/reply'
import { findProject } from '../projects/find'
import { tagRuleEntity } from './entity'
import { createTagRuleParams, projectParams, tagRuleParams, tagRuleSchema, updateTagRuleParams } from './schema'
import { authorizeTagRules, createTagRule, deleteTagRule, findTagRule, listTagRules, updateTagRule } from './service'
import type { Actor } from '../auth/actor'

const base = '/projects/:id/registry/protection/tag/rules'

async function managedProject(actor: Actor, id: string) {
  const project = await findProject(actor, id)
  await authorizeTagRules(actor, project)
  return project
}

export const registryTagRuleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'List container registry protection tag rules',
    auth: 'required',
    authAfterParams: true,
    params: projectParams,
    response: { body: z.array(tagRuleSchema) },
    handler: async ({ actor, params }) =>
      (await listTagRules((await managedProject(actor, params.id)).id)).map(tagRuleEntity),
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create a container registry protection tag rule (at most 5 per project)',
    auth: 'required',
    authAfterParams: true,
    params: createTagRuleParams,
    response: { body: tagRuleSchema },
    handler: async ({ actor, params }) =>
      tagRuleEntity(await createTagRule(await managedProject(actor, params.id), params)),
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${base}/:protection_rule_id`,
    summary: 'Update a container registry protection tag rule',
    auth: 'required',
    authAfterParams: true,
    params: updateTagRuleParams,
    response: { body: tagRuleSchema },
    handler: async ({ actor, params }) => {
      const project = await managedProject(actor, params.id)
      return tagRuleEntity(await updateTagRule(await findTagRule(project.id, params.protection_rule_id), params))
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:protection_rule_id`,
    summary: 'Delete a container registry protection tag rule',
    auth: 'required',
    authAfterParams: true,
    params: tagRuleParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const project = await managedProject(actor, params.id)
      await deleteTagRule(await findTagRule(project.id, params.protection_rule_id))
      return noContent()
    },
  }),
}
