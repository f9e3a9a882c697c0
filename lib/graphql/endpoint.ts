// POST/GET /api/graphql, mounted beside /api/v4 (lib/server/handler.ts). Credentials are the
// API's (Authorization: Bearer, PRIVATE-TOKEN, private_token/access_token parameters) and go
// through the API's own steps (the gate: authentication under the failed-authentication ban,
// admin mode, throttles). Queries run with graphql-js against lib/graphql/schema.ts.
import type { Actor } from '../api/actor'
import { readLimited } from '../api/body'
import { isApiError } from '../api/errors'
import { jsonNestedDeeperThan, MAX_JSON_DEPTH, parseQuery, type Params } from '../api/params'
import { rootValue, schema } from './schema'

export const GRAPHQL_PATH = '/api/graphql'
const MAX_BODY = 1024 * 1024
/** GitLab's graphql_authorization_scopes: a token without one of them does not authenticate. */
const GRAPHQL_SCOPES = ['api', 'read_api']

/** What /api/v4 does before its handlers, handed in by the composition root. */
export interface GraphqlGate {
  /** The actor after authentication and admin mode; throws the API's ApiErrors (401, 403, 429). */
  authenticate(req: Request, params: Params): Promise<Actor | null>
  /** A throttle's 429, or null. */
  guard(actor: Actor | null): Promise<Response | null>
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

export async function graphqlResponse(req: Request, gate: GraphqlGate): Promise<Response> {
  const url = new URL(req.url)
  const query = parseQuery(url.search)
  let body: { query?: unknown; variables?: unknown; operationName?: unknown } = {}
  if (req.method === 'POST') {
    let text: string
    try {
      text = new TextDecoder().decode(await readLimited(req, MAX_BODY))
    } catch (e) {
      if (isApiError(e) && e.status === 413) return json(413, { errors: [{ message: 'Query too large' }] }, e.headers)
      throw e
    }
    // GitLab's JsonValidation middleware covers /api/graphql too; graphql-js walks variables recursively.
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) return json(400, { error: 'Parameters nested too deeply' })
    try {
      body = text ? (JSON.parse(text) as typeof body) : {}
    } catch {
      return json(400, { errors: [{ message: 'Invalid JSON body' }] })
    }
  } else if (req.method !== 'GET') return json(405, { errors: [{ message: 'Method not allowed' }] })
  const source = typeof body.query === 'string' ? body.query : typeof query.query === 'string' ? query.query : null
  if (!source) return json(400, { errors: [{ message: 'No query string was present' }] })
  let actor: Actor | null
  try {
    actor = await gate.authenticate(req, query)
  } catch (e) {
    if (isApiError(e)) return json(e.status, { errors: [{ message: e.status === 401 ? 'Invalid token' : e.message }] }, e.headers)
    throw e
  }
  // GitLab's RequestAuthenticator finds no user for a token without these scopes; a token that
  // was sent but found no user is its 401 "Invalid token".
  if (actor?.token && !GRAPHQL_SCOPES.some((s) => actor.token?.scopes.includes(s))) return json(401, { errors: [{ message: 'Invalid token' }] })
  const stop = await gate.guard(actor)
  if (stop) return stop
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
