// Group and project access tokens, declared once for both kinds (like members).
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { noContent, reply } from '../api/reply'
import { findSource, type SourceKind } from '../members/source'
import { resourceTokenEntity, resourceTokenWithValue } from './entity'
import { z } from 'zod'
import {
  createResourceTokenParams,
  listResourceTokensParams,
  resourceTokenParams,
  resourceTokenSchema,
  resourceTokenWithValueSchema,
  rotateResourceTokenParams,
} from './schema'
import {
  createResourceToken,
  findResourceToken,
  listResourceTokens,
  revokeResourceToken,
  rotateResourceToken,
} from './service'

function accessTokensOf(kind: SourceKind) {
  const base = `/${kind}/:id/access_tokens`
  const noun = kind === 'groups' ? 'group' : 'project'
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `List ${noun} access tokens`,
      auth: 'required',
      params: listResourceTokensParams,
      paginated: 'offset',
      response: { body: z.array(resourceTokenSchema) },
      handler: async ({ actor, params, page }) =>
        mapPage(
          await listResourceTokens(actor, await findSource(actor, kind, params.id), params, page),
          resourceTokenEntity,
        ),
    }),
    show: endpoint({
      method: 'GET',
      path: `${base}/:token_id`,
      summary: `One ${noun} access token`,
      auth: 'required',
      params: resourceTokenParams,
      response: { body: resourceTokenSchema },
      handler: async ({ actor, params }) =>
        resourceTokenEntity(await findResourceToken(actor, await findSource(actor, kind, params.id), params.token_id)),
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      summary: `Create a ${noun} access token (and its bot user)`,
      auth: 'required',
      params: createResourceTokenParams,
      response: { body: resourceTokenWithValueSchema },
      handler: async ({ actor, params }) => {
        const { token, value } = await createResourceToken(actor, await findSource(actor, kind, params.id), params)
        return resourceTokenWithValue(token, value)
      },
    }),
    rotate: endpoint({
      method: 'POST',
      path: `${base}/:token_id/rotate`,
      summary: `Rotate a ${noun} access token`,
      auth: 'required',
      params: rotateResourceTokenParams,
      response: { status: 200, body: resourceTokenWithValueSchema },
      handler: async ({ actor, params }) => {
        const { token, value } = await rotateResourceToken(actor, await findSource(actor, kind, params.id), params)
        return reply(200, resourceTokenWithValue(token, value))
      },
    }),
    revoke: endpoint({
      method: 'DELETE',
      path: `${base}/:token_id`,
      summary: `Revoke a ${noun} access token`,
      auth: 'required',
      params: resourceTokenParams,
      response: { status: 204, body: null },
      handler: async ({ actor, params }) => {
        await revokeResourceToken(actor, await findSource(actor, kind, params.id), params.token_id)
        return noContent()
      },
    }),
  }
}

export const accessTokenEndpoints = { group: accessTokensOf('groups'), project: accessTokensOf('projects') }
