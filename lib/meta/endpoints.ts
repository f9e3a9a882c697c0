import { endpoint } from '../api/endpoint'

/** The GitLab release whose API this product follows; clients gate features on it. */
export const GITLAB_VERSION = '18.6.0'
export const REVISION = process.env.GIT_REVISION?.slice(0, 11) ?? 'unknown'

const metadata = () => ({
  version: GITLAB_VERSION,
  revision: REVISION,
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
    handler: async () => metadata(),
  }),
}
