import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { badRequest } from '../api/errors'
import { p } from '../api/param-types'
import { noContent } from '../api/reply'
import { findUser } from '../users/service'
import { tokenEntity, tokenWithValue } from './entity'
import { createTokenParams, listTokensParams, tokenSchema, tokenWithValueSchema } from './schema'
import { findVisibleToken, issueToken, listTokens, revokeToken } from './service'

// Token-authenticated callers may mint only these for themselves (GitLab's rule for
// POST /user/personal_access_tokens); the console session may choose any scope.
const SELF_SERVICE_SCOPES = new Set(['k8s_proxy', 'self_rotate'])

export const tokenEndpoints = {
  createForUser: endpoint({
    method: 'POST',
    path: '/users/:user_id/personal_access_tokens',
    summary: 'Create a personal access token for a user (administrators)',
    auth: 'admin',
    params: createTokenParams.extend({ user_id: p.int() }),
    response: { body: tokenWithValueSchema },
    handler: async ({ params }) => {
      const user = await findUser(params.user_id)
      const { record, value } = await issueToken(user.id, params)
      return tokenWithValue(record, value)
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/user/personal_access_tokens',
    summary: 'Create a personal access token for the current user',
    auth: 'required',
    params: createTokenParams,
    response: { body: tokenWithValueSchema },
    handler: async ({ actor, params }) => {
      if (actor.via === 'token' && params.scopes.some((s) => !SELF_SERVICE_SCOPES.has(s)))
        throw badRequest('Only k8s_proxy and self_rotate scopes are allowed when creating a token with a token')
      const { record, value } = await issueToken(actor.user.id, params)
      return tokenWithValue(record, value)
    },
  }),
  list: endpoint({
    method: 'GET',
    path: '/personal_access_tokens',
    summary: 'List personal access tokens',
    auth: 'required',
    params: listTokensParams,
    paginated: 'offset',
    response: { body: z.array(tokenSchema) },
    handler: async ({ actor, params, page }) => mapPage(await listTokens(actor, params, page), tokenEntity),
  }),
  self: endpoint({
    method: 'GET',
    path: '/personal_access_tokens/self',
    summary: 'The token used for this request',
    auth: 'required',
    response: { body: tokenSchema },
    handler: async ({ actor }) => {
      if (!actor.token) throw badRequest('Not authenticated with a token')
      return tokenEntity(await findVisibleToken(actor, actor.token.id))
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/personal_access_tokens/:id',
    summary: 'One personal access token',
    auth: 'required',
    params: z.object({ id: p.int() }),
    response: { body: tokenSchema },
    handler: async ({ actor, params }) => tokenEntity(await findVisibleToken(actor, params.id)),
  }),
  revokeSelf: endpoint({
    method: 'DELETE',
    path: '/personal_access_tokens/self',
    summary: 'Revoke the token used for this request',
    auth: 'required',
    response: { status: 204, body: null },
    handler: async ({ actor }) => {
      if (!actor.token) throw badRequest('Not authenticated with a token')
      await revokeToken(actor, actor.token.id)
      return noContent()
    },
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/personal_access_tokens/:id',
    summary: 'Revoke a personal access token',
    auth: 'required',
    params: z.object({ id: p.int() }),
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await revokeToken(actor, params.id)
      return noContent()
    },
  }),
}
