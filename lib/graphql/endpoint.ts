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
  let query: Params
  try {
    query = parseQuery(url.search)
  } catch (e) {
    // Rack refuses such a query string (nesting too deep) before any controller, /api/v4's alike.
    if (isApiError(e)) return json(e.status, e.body, e.headers)
    throw e
  }
  let body: { query?: unknown; variables?: unknown; operationName?: unknown } = {}
  if (req.method === 'POST') {
    let text: string
    try {
      text = new TextDecoder().decode(await readLimited(req, MAX_BODY))
    } catch (e) {
      if (isApiError(e) && e.status === 413) return json(413, { errors: [{ message: 'Query too large' }] }, e.headers)
      // A body cut off mid-stream (body.ts bodyCutOff): the client's error, answered as /api/v4 does.
      if (isApiError(e)) return json(e.status, e.body, e.headers)
      throw e
    }
    // GitLab's JsonValidation middleware covers /api/graphql too; graphql-js walks variables recursively.
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) return json(400, { error: 'Parameters nested too deeply' })
    try {
      // Rails keeps a JSON body that is not an object under `_json`, out of params[:query]: the
      // query string's query still runs. (`null` here once read `.query` of null: a 500.)
      const parsed: unknown = text ? JSON.parse(text) : {}
      body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}
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
    if (isApiError(e))
      return json(e.status, { errors: [{ message: e.status === 401 ? 'Invalid token' : e.message }] }, e.headers)
    throw e
  }
  // GitLab's RequestAuthenticator finds no user for a token without these scopes; a token that
  // was sent but found no user is its 401 "Invalid token".
  if (actor?.token && !GRAPHQL_SCOPES.some((s) => actor.token?.scopes.includes(s)))
    return json(401, { errors: [{ message: 'Invalid token' }] })
  const stop = await gate.guard(actor)
  if (stop) return stop
  // Body over query string, as Rails merges params; then GitLab's Gitlab::Graphql::Variables#to_h.
  const variables = variablesOf('variables' in body ? body.variables : query.variables)
  if (typeof variables === 'string') return json(422, { errors: [{ message: variables }] })
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

/**
 * GitLab's ensure_hash (lib/gitlab/graphql/variables.rb): an object as it is, a JSON string of one
 * parsed, nothing or blank as {}; anything else is its 422 "Unexpected parameter: …" (a string
 * here). graphql-js threw on an array or a number: a 500 the endpoint fuzz found.
 */
function variablesOf(value: unknown): Record<string, unknown> | string {
  if (value === undefined || value === null) return {}
  if (typeof value === 'string') {
    if (!value.trim()) return {}
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch (e) {
      return (e as Error).message
    }
    return variablesOf(parsed)
  }
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  return `Unexpected parameter: ${JSON.stringify(value)}`
}
