// Group credential management: the `manage` inventory (top-level group owners), revocation of any
// token by its value, and LDAP group sync (no directory is ever configured here).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { notFound } from '../api/errors'
import { mapPage } from '../api/pagination'
import { p } from '../api/param-types'
import { noContent, reply } from '../api/reply'
import { resourceTokenRecord } from '../access-tokens/entity'
import { tokenEntity } from '../tokens/entity'
import { managedKeyEntity } from './entity'
import { ownedTopLevelGroup } from './group-scope'
import {
  deleteEnterpriseKey,
  listEnterpriseKeys,
  listEnterpriseTokens,
  listGroupResourceTokens,
  revokeEnterpriseToken,
  revokeGroupResourceToken,
} from './manage-service'
import { revokeByValue } from './revoke-by-value'
import { resourceTokenRecordSchema } from '../access-tokens/schema'
import { tokenSchema } from '../tokens/schema'
import {
  managedKeySchema,
  manageKeyParams,
  manageKeysParams,
  manageTokenParams,
  manageTokensParams,
  revokeByValueParams,
} from './schema'

const manage = '/groups/:id/manage'

export const enterpriseEndpoints = {
  listPersonalAccessTokens: endpoint({
    method: 'GET',
    path: `${manage}/personal_access_tokens`,
    summary: "Personal access tokens of the group's enterprise users",
    auth: 'required',
    params: manageTokensParams,
    paginated: 'offset',
    response: { body: z.array(tokenSchema) },
    handler: async ({ actor, params, page }) =>
      mapPage(
        await listEnterpriseTokens(await ownedTopLevelGroup(actor, params.id, 'forbidden'), params, page),
        tokenEntity,
      ),
  }),
  listResourceAccessTokens: endpoint({
    method: 'GET',
    path: `${manage}/resource_access_tokens`,
    summary: 'Group and project access tokens of the group tree',
    auth: 'required',
    params: manageTokensParams,
    paginated: 'offset',
    response: { body: z.array(resourceTokenRecordSchema) },
    handler: async ({ actor, params, page }) =>
      mapPage(
        await listGroupResourceTokens(await ownedTopLevelGroup(actor, params.id, 'forbidden'), params, page),
        resourceTokenRecord,
      ),
  }),
  listSshKeys: endpoint({
    method: 'GET',
    path: `${manage}/ssh_keys`,
    summary: "SSH keys of the group's enterprise users",
    auth: 'required',
    params: manageKeysParams,
    paginated: 'offset',
    response: { body: z.array(managedKeySchema) },
    handler: async ({ actor, params, page }) =>
      mapPage(
        await listEnterpriseKeys(await ownedTopLevelGroup(actor, params.id, 'forbidden'), params, page),
        managedKeyEntity,
      ),
  }),
  revokePersonalAccessToken: endpoint({
    method: 'DELETE',
    path: `${manage}/personal_access_tokens/:token_id`,
    summary: "Revoke an enterprise user's personal access token",
    auth: 'required',
    params: manageTokenParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await revokeEnterpriseToken(actor, await ownedTopLevelGroup(actor, params.id, 'forbidden'), params.token_id)
      return noContent()
    },
  }),
  revokeResourceAccessToken: endpoint({
    method: 'DELETE',
    path: `${manage}/resource_access_tokens/:token_id`,
    summary: 'Revoke a group or project access token of the group tree',
    auth: 'required',
    params: manageTokenParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await revokeGroupResourceToken(actor, await ownedTopLevelGroup(actor, params.id, 'forbidden'), params.token_id)
      return noContent()
    },
  }),
  removeSshKey: endpoint({
    method: 'DELETE',
    path: `${manage}/ssh_keys/:key_id`,
    summary: "Delete an enterprise user's SSH key",
    auth: 'required',
    params: manageKeyParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await deleteEnterpriseKey(await ownedTopLevelGroup(actor, params.id, 'forbidden'), params.key_id)
      return noContent()
    },
  }),
  revokeToken: endpoint({
    method: 'POST',
    path: '/groups/:id/tokens/revoke',
    summary: 'Revoke a token of the group tree by its value',
    auth: 'required',
    params: revokeByValueParams,
    response: { status: 200, body: tokenSchema },
    handler: async ({ actor, params }) =>
      reply(
        200,
        tokenEntity(await revokeByValue(await ownedTopLevelGroup(actor, params.id, 'bad_request'), params.token)),
      ),
  }),
  ldapSync: endpoint({
    method: 'POST',
    path: '/groups/:id/ldap_sync',
    summary: 'Sync the group with its LDAP group (no LDAP server is configured: 404)',
    auth: 'required',
    params: z.object({ id: p.id() }),
    // GitLab checks Gitlab::Auth::Ldap::Config.group_sync_enabled? first and answers not_found!.
    response: { status: 202, body: null, description: 'never: no LDAP server is configured, so this is always 404' },
    handler: async () => {
      throw notFound()
    },
  }),
}
