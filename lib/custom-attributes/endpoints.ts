// GitLab's CustomAttributesEndpoints, defined once and mounted on users, groups and projects (the
// endpoint table, lib/endpoints.ts, gives each mount its resource's finder: this folder depends on
// none of them). Administrators only (authenticated_as_admin! runs before the resource lookup, so
// others get 403).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { noContent } from '../api/reply'
import type { Actor } from '../auth/actor'
import type { TokenScope } from '../auth/scopes'
import { customAttributeSchema } from './schema'
import { deleteAttribute, getAttribute, listAttributes, setAttribute, type SubjectType } from './service'

export interface CustomAttributeMount {
  resource: 'users' | 'groups' | 'projects'
  subjectType: SubjectType
  /** The subject's id, 404 in GitLab's words when it does not exist. */
  resolve: (actor: Actor, id: string) => Promise<number>
  /** The scopes of the reads, where the mounting API widens them (users.rb: read_user). */
  readScopes?: readonly TokenScope[]
}

const byId = z.object({ id: p.id() })
const byKey = byId.extend({ key: p.string() })

export function mountCustomAttributes({ resource, subjectType, resolve, readScopes }: CustomAttributeMount) {
  const base = `/${resource}/:id/custom_attributes`
  const tags = ['custom_attributes']
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `Custom attributes of a ${resource.slice(0, -1)}`,
      tags,
      auth: 'admin',
      ...(readScopes && { scopes: readScopes }),
      params: byId,
      response: { body: z.array(customAttributeSchema) },
      handler: async ({ actor, params }) => listAttributes(subjectType, await resolve(actor, params.id)),
    }),
    show: endpoint({
      method: 'GET',
      path: `${base}/:key`,
      summary: 'One custom attribute',
      tags,
      auth: 'admin',
      ...(readScopes && { scopes: readScopes }),
      params: byKey,
      response: { body: customAttributeSchema },
      handler: async ({ actor, params }) => getAttribute(subjectType, await resolve(actor, params.id), params.key),
    }),
    set: endpoint({
      method: 'PUT',
      path: `${base}/:key`,
      summary: 'Set a custom attribute',
      tags,
      auth: 'admin',
      params: byKey.extend({ value: p.string() }),
      response: { body: customAttributeSchema },
      handler: async ({ actor, params }) =>
        setAttribute(subjectType, await resolve(actor, params.id), params.key, params.value),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:key`,
      summary: 'Delete a custom attribute',
      tags,
      auth: 'admin',
      params: byKey,
      response: { status: 204, body: null },
      handler: async ({ actor, params }) => {
        await deleteAttribute(subjectType, await resolve(actor, params.id), params.key)
        return noContent()
      },
    }),
  }
}
