// POST/GET /api/graphql, mounted beside /api/v4 (lib/server/handler.ts). Credentials are the
// API's (Authorization: Bearer, PRIVATE-TOKEN, private_token/access_token parameters); a bad token
// is GitLab's 401. Queries run with graphql-js against lib/graphql/schema.ts.
import { isApiError } from '../api/errors'
import { parseQuery } from '../api/params'
import { authenticate } from '../auth/authenticate'
import { rootValue, schema } from './schema'

export const GRAPHQL_PATH = '/api/graphql'
const MAX_BODY = 1024 * 1024

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export async function graphqlResponse(req: Request): Promise<Response> {
  const url = new URL(req.url)
  const query = parseQuery(url.search)
  let body: { query?: unknown; variables?: unknown; operationName?: unknown } = {}
  if (req.method === 'POST') {
    const text = await req.text()
    if (text.length > MAX_BODY) return json(413, { errors: [{ message: 'Query too large' }] })
    try {
      body = text ? (JSON.parse(text) as typeof body) : {}
    } catch {
      return json(400, { errors: [{ message: 'Invalid JSON body' }] })
    }
  } else if (req.method !== 'GET') return json(405, { errors: [{ message: 'Method not allowed' }] })
  const source = typeof body.query === 'string' ? body.query : typeof query.query === 'string' ? query.query : null
  if (!source) return json(400, { errors: [{ message: 'No query string was present' }] })
  let actor
  try {
    actor = await authenticate(req, query)
  } catch (e) {
    if (isApiError(e)) return json(e.status, { errors: [{ message: e.status === 401 ? 'Invalid token' : e.message }] })
    throw e
  }
  const variables =
    typeof body.variables === 'object' && body.variables !== null
      ? (body.variables as Record<string, unknown>)
      : typeof query.variables === 'string'
        ? safeJson(query.variables)
        : undefined
  const { graphql } = await import('graphql')
  const result = await graphql({
    schema: await schema(),
    source,
    rootValue,
    contextValue: { actor },
    variableValues: variables,
    operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
  })
  return json(200, result)
}

function safeJson(s: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(s) as Record<string, unknown>
  } catch {
    return undefined
  }
}
