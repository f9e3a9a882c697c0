// GitLab's /namespaces (lib/api/namespaces.rb): every route needs a signed-in user.
import { endpoint } from '../api/endpoint'
import { withItems } from '../api/pagination'
import type { Actor } from '../auth/actor'
import type { Namespace } from '../db'
import { namespaceEntity } from './entity'
import { z } from 'zod'
import {
  existsParams,
  listNamespacesParams,
  namespaceExistenceSchema,
  namespaceParams,
  namespaceSchema,
} from './schema'
import { findNamespace, listNamespaces, namespaceFigures, namespaceRights, pathExists } from './service'

async function present(actor: Actor, namespaces: Namespace[]) {
  const [figures, rights] = await Promise.all([
    namespaceFigures(namespaces),
    Promise.all(namespaces.map((n) => namespaceRights(actor, n))),
  ])
  return namespaces.map((n, i) => namespaceEntity(n, rights[i]!, figures.get(n.id)!))
}

export const namespaceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/namespaces',
    summary: "The caller's namespaces (administrators: all)",
    auth: 'required',
    params: listNamespacesParams,
    paginated: 'offset',
    response: { body: z.array(namespaceSchema) },
    handler: async ({ actor, params, page }) => {
      const found = await listNamespaces(actor, params, page)
      return withItems(found, await present(actor, found.items))
    },
  }),
  exists: endpoint({
    method: 'GET',
    path: '/namespaces/:id/exists',
    summary: 'Whether a namespace path is taken under a parent, with a free suggestion',
    auth: 'required',
    params: existsParams,
    response: { body: namespaceExistenceSchema },
    handler: async ({ params }) => pathExists(params),
  }),
  show: endpoint({
    method: 'GET',
    path: '/namespaces/:id',
    summary: 'One namespace by id or URL-encoded full path',
    auth: 'required',
    params: namespaceParams,
    response: { body: namespaceSchema },
    handler: async ({ actor, params }) => (await present(actor, [await findNamespace(actor, params.id)]))[0]!,
  }),
}
