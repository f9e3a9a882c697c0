import type { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { metadataSchema, versionSchema } from './schema'
import { GITLAB_VERSION, revision } from './version'

const metadata = (): z.infer<typeof metadataSchema> => ({
  version: GITLAB_VERSION,
  revision: revision(),
  kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
  enterprise: false,
})

export const metaEndpoints = {
  version: endpoint({
    method: 'GET',
    path: '/version',
    summary: 'Version of this instance',
    auth: 'required',
    scopes: ['api', 'read_api', 'read_user', 'ai_features'],
    response: { body: versionSchema },
    handler: async () => {
      const { version, revision } = metadata()
      return { version, revision }
    },
  }),
  metadata: endpoint({
    method: 'GET',
    path: '/metadata',
    summary: 'Metadata of this instance',
    auth: 'required',
    scopes: ['api', 'read_api', 'read_user', 'ai_features'],
    response: { body: metadataSchema },
    handler: async () => metadata(),
  }),
}
