// The operations the fuzz covers: every one of the OpenAPI document's (GET /api/v4/openapi.json),
// plus the two endpoints outside it (/api/graphql and the registry's token server /jwt/auth).
import type { JsonSchema } from './schema-arbitrary'

export interface Operation {
  /** `POST /projects/{id}/pipeline_schedules` (document) or `POST /api/graphql` (outside it). */
  key: string
  method: string
  /** The document's path template, or the full path for the two outside `/api/v4`. */
  template: string
  /** Outside `/api/v4`: the template is the whole path. */
  outside?: boolean
  pathParams: { name: string; schema: JsonSchema }[]
  query: JsonSchema
  body?: JsonSchema
}

interface DocumentOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>
}

export const OUTSIDE_DOCUMENT: Operation[] = [
  {
    key: 'POST /api/graphql',
    method: 'POST',
    template: '/api/graphql',
    outside: true,
    pathParams: [],
    query: { type: 'object', properties: {} },
    body: {
      type: 'object',
      properties: {
        query: { enum: ['{ currentUser { username } }', '{ group(fullPath: "x") { id } }', '{ __typename }'] },
        variables: { type: 'object' },
      },
      required: ['query'],
    },
  },
  {
    key: 'GET /api/graphql',
    method: 'GET',
    template: '/api/graphql',
    outside: true,
    pathParams: [],
    query: {
      type: 'object',
      properties: { query: { enum: ['{ currentUser { username } }', '{ __typename }'] } },
      required: ['query'],
    },
  },
  {
    key: 'GET /jwt/auth',
    method: 'GET',
    template: '/jwt/auth',
    outside: true,
    pathParams: [],
    query: {
      type: 'object',
      properties: {
        service: { enum: ['container_registry', 'other'] },
        scope: {
          enum: [
            'repository:{project_path_raw}:pull',
            'repository:{project_path_raw}:push,pull',
            'registry:catalog:*',
            'repository:x/y:*',
          ],
        },
        account: { enum: ['root', '{username}'] },
        client_id: { type: 'string' },
        offline_token: { type: 'boolean' },
      },
      required: ['service'],
    },
  },
]

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = []
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? []
      const queryProps = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]))
      const queryRequired = params.filter((p) => p.in === 'query' && p.required).map((p) => p.name)
      ops.push({
        key: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        query: { type: 'object', properties: queryProps, required: queryRequired },
        body: op.requestBody?.content['application/json']?.schema,
      })
    }
  }
  return [...ops, ...OUTSIDE_DOCUMENT]
}
