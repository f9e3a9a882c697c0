// GitLab's CustomAttributesEndpoints, defined once and mounted on users, groups and projects.
// Administrators only (authenticated_as_admin! runs before the resource lookup, so others get 403).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { dbId, p } from '../api/param-types'
import { noContent } from '../api/reply'
import type { Actor } from '../auth/actor'
import { USERS_READ_SCOPES, type TokenScope } from '../auth/scopes'
import { findGroup } from '../groups/find'
import { findProject } from '../projects/find'
import { findUser } from '../users/service'
import { notFound } from '../api/errors'
import { customAttributeSchema } from './schema'
import { deleteAttribute, getAttribute, listAttributes, setAttribute, type SubjectType } from './service'

interface Mount {
  resource: 'users' | 'groups' | 'projects'
  subjectType: SubjectType
  /** The subject's id, 404 in GitLab's words when it does not exist. */
  resolve: (actor: Actor, id: string) => Promise<number>
  /** The scopes of the reads, where the mounting API widens them (users.rb: read_user). */
  readScopes?: readonly TokenScope[]
}

const MOUNTS = [
  {
    resource: 'users',
    subjectType: 'User',
    readScopes: USERS_READ_SCOPES,
    resolve: async (_actor, id) => {
      const n = dbId(id)
      if (n === null) throw notFound('User')
      return (await findUser(n)).id
    },
  },
  { resource: 'groups', subjectType: 'Namespace', resolve: async (actor, id) => (await findGroup(actor, id)).id },
  { resource: 'projects', subjectType: 'Project', resolve: async (actor, id) => (await findProject(actor, id)).id },
] satisfies [Mount, Mount, Mount]

const byId = z.object({ id: p.id() })
const byKey = byId.extend({ key: p.string() })

function mount({ resource, subjectType, resolve, readScopes }: Mount) {
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

export const customAttributeEndpoints = { user: mount(MOUNTS[0]), group: mount(MOUNTS[1]), project: mount(MOUNTS[2]) }
