// /features (GitLab's lib/api/features.rb): administrators only, checked before the parameters
// (`before { authenticated_as_admin! }`).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { noContent } from '../api/reply'
import { FEATURE_DEFINITIONS } from './definitions'
import { featureEntity } from './entity'
import { featureDefinitionSchema, featureNameParams, featureSchema, setFeatureParams } from './schema'
import { setFeature } from './set'
import { listFeatureFlags, removeFeatureFlag } from './service'

export const featureEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/features',
    summary: 'List all persisted feature flags with their gates (administrators)',
    auth: 'admin',
    response: { body: z.array(featureSchema) },
    handler: async () => (await listFeatureFlags()).map(featureEntity),
  }),
  definitions: endpoint({
    method: 'GET',
    path: '/features/definitions',
    summary: 'List the feature flag definitions this instance knows (administrators)',
    auth: 'admin',
    response: { body: z.array(featureDefinitionSchema) },
    handler: () => Promise.resolve([...FEATURE_DEFINITIONS]),
  }),
  set: endpoint({
    method: 'POST',
    path: '/features/:name',
    summary: 'Create or update a feature flag, globally or for users, projects and groups (administrators)',
    auth: 'admin',
    params: setFeatureParams,
    response: { body: featureSchema },
    handler: async ({ params, actor }) => featureEntity(await setFeature(actor, params)),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/features/:name',
    summary: 'Delete a feature flag and its gates (administrators; 204 whether or not it existed)',
    auth: 'admin',
    params: featureNameParams,
    response: { status: 204, body: null },
    handler: async ({ params }) => {
      await removeFeatureFlag(params.name)
      return noContent()
    },
  }),
}
