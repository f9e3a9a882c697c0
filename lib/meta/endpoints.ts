import { endpoint } from '../api/endpoint'
import { GITLAB_VERSION, REVISION } from './version'

const metadata = () => ({
  version: GITLAB_VERSION,
  revision: REVISION,
  kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
  enterprise: false,
})

export const metaEndpoints = [
  endpoint({
    method: 'GET',
    path: '/version',
    summary: 'Version of this instance',
    auth: 'required',
    scopes: ['api', 'read_api', 'read_user', 'ai_features'],
    handler: async () => {
      const { version, revision } = metadata()
      return { version, revision }
    },
  }),
  endpoint({
    method: 'GET',
    path: '/metadata',
    summary: 'Metadata of this instance',
    auth: 'required',
    scopes: ['api', 'read_api', 'read_user', 'ai_features'],
    handler: async () => metadata(),
  }),
]
