// The OpenAPI 3.1 document, generated from the endpoint table and its zod schemas.
import { z } from 'zod'
import type { Endpoint } from '../api/endpoint'
import { config } from '../config'
import { GITLAB_VERSION } from '../meta/version'

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def
      if (def?.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' })
    },
  })
}

const PAGINATION_HEADERS = Object.fromEntries(
  ['X-Total', 'X-Total-Pages', 'X-Per-Page', 'X-Page', 'X-Next-Page', 'X-Prev-Page', 'Link'].map((h) => [
    h,
    {
      schema: { type: 'string' },
      description: h === 'Link' ? 'RFC 8288 first/prev/next/last links' : `GitLab's ${h} pagination header`,
    },
  ]),
)
const ERROR_BODY = {
  type: 'object',
  properties: { message: {}, error: { type: 'string' } },
  description: "GitLab's error bodies: {message} or {error}",
}

/** The declared success response (status, body schema, pagination headers) and GitLab's error shape. */
function responsesOf(e: Endpoint): Record<string, unknown> {
  const errors = { default: { description: 'Error', content: { 'application/json': { schema: ERROR_BODY } } } }
  const statuses =
    e.response.status === undefined
      ? [e.method === 'POST' ? 201 : 200]
      : typeof e.response.status === 'number'
        ? [e.response.status]
        : [...e.response.status]
  const body = e.response.body
  const success = {
    description: e.response.description ?? e.summary,
    ...(body ? { content: { 'application/json': { schema: jsonSchema(body) } } } : {}),
    ...(e.paginated ? { headers: PAGINATION_HEADERS } : {}),
  }
  return {
    ...Object.fromEntries(statuses.map((s) => [String(s), s === 204 ? { description: 'No content' } : success])),
    ...errors,
  }
}

export function openapiDocument(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const e of endpoints) {
    const template = e.path.replace(/:(\w+)/g, '{$1}')
    const pathNames = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1])
    const schema = jsonSchema(e.params) as { properties?: Record<string, unknown>; required?: string[] }
    const props = schema.properties ?? {}
    const required = new Set(schema.required ?? [])
    const inBody = e.method === 'POST' || e.method === 'PUT' || e.method === 'PATCH'
    const parameters = Object.entries(props)
      .filter(([name]) => pathNames.includes(name) || !inBody)
      .map(([name, s]) => ({
        name,
        in: pathNames.includes(name) ? 'path' : 'query',
        required: pathNames.includes(name) || required.has(name),
        schema: s,
      }))
    const bodyProps = Object.fromEntries(Object.entries(props).filter(([name]) => !pathNames.includes(name)))
    paths[template] ??= {}
    paths[template][e.method.toLowerCase()] = {
      summary: e.summary,
      tags: e.tags,
      ...(e.deprecated ? { deprecated: true } : {}),
      parameters,
      ...(inBody && Object.keys(bodyProps).length
        ? {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: bodyProps,
                    required: [...required].filter((n) => !pathNames.includes(n)),
                  },
                },
              },
            },
          }
        : {}),
      security: e.auth === 'public' ? [{}, { privateToken: [] }] : [{ privateToken: [] }, { bearer: [] }],
      responses: responsesOf(e),
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'GitLab-compatible REST API v4', version: GITLAB_VERSION },
    servers: [{ url: `${config().externalUrl}/api/v4` }],
    components: {
      securitySchemes: {
        privateToken: { type: 'apiKey', in: 'header', name: 'PRIVATE-TOKEN' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  }
}
