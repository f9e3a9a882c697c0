// One definition per endpoint: method, path, zod params, auth, scopes and handler. From it the
// kernel derives the HTTP route, the in-process call the console uses and the OpenAPI document.
import { z } from 'zod'
import type { Actor } from './actor'
import { keysetParams, offsetParams, type PageWindow, type Page } from './pagination'
import type { Params } from './params'
import type { JsonFragment } from './json-fragment'
import type { Reply } from './reply'
import type { RequestHeaders } from './request'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** public: anyone (a bad token is still 401); required: a signed-in user; admin: administrators only. */
export type AuthMode = 'public' | 'required' | 'admin'

export interface RequestInfo {
  url: URL
  /** Path below /api/v4, still percent-encoded. */
  path: string
  headers: RequestHeaders
  ip: string | null
  userAgent: string | null
}

export interface Context<P, A extends AuthMode> {
  params: P
  actor: A extends 'public' ? Actor | null : Actor
  /** Offset window (page/per_page, clamped) for paginated endpoints. */
  page: PageWindow
  /** Every parameter the client sent (declared or not), for pagination links. */
  raw: Params
  request: RequestInfo
  /** The request body as bytes, for endpoints declared with `rawBody` (nothing is parsed into params). */
  body?: Uint8Array
}

/** What a `before` block sees: the actor and the path's values as the client sent them (unvalidated). */
export interface BeforeContext<A extends AuthMode> {
  actor: A extends 'public' ? Actor | null : Actor
  path: Readonly<Record<string, string>>
}

/** Any JSON value, a Reply or a Page: spelled as a union it would collapse to `unknown` anyway. */
export type HandlerResult = unknown

/**
 * What an endpoint answers on success: the status (default 201 for POST, else 200; a list when
 * several are possible) and the JSON body's schema — one entity, `z.array(entity)` for lists
 * (pages included), or null for no JSON body (204, files, plain text). The OpenAPI document shows
 * it, the integration suite checks every response against it, and the handler's return type
 * follows from it.
 */
export interface ResponseSpec<T extends z.ZodType | null = z.ZodType | null> {
  status?: number | readonly number[]
  body: T
  /** A short word on the body for the OpenAPI document. */
  description?: string
}

/** The handler results a declaration allows: the body's input type (pages of a list's items), a Reply, or pre-serialized JSON (pages of it too). */
export type ResultFor<R extends ResponseSpec> =
  R extends ResponseSpec<infer T>
    ? T extends z.ZodType
      ? | (z.input<T> extends readonly (infer I)[]
            ? z.input<T> | Page<I> | JsonFragment[] | Page<JsonFragment>
            : z.input<T>)
        | JsonFragment
        | Reply
      : Reply
    : never

export interface EndpointConfig<S extends z.ZodObject, A extends AuthMode, R extends ResponseSpec = ResponseSpec> {
  method: Method
  path: string
  summary: string
  tags?: string[]
  params?: S
  auth: A
  /** Token scopes accepted; default: api, plus read_api on GET. */
  scopes?: readonly string[]
  /** Adds page/per_page (and pagination=keyset where supported) to the params. */
  paginated?: 'offset' | 'keyset'
  /**
   * Check `auth` after the params, as GitLab endpoints that call authenticated_as_admin! inside
   * the route body do (e.g. broadcast message POST: a missing `message` is a 400 before 401/403).
   */
  authAfterParams?: boolean
  /**
   * GitLab's `before` blocks: a resource's lookup and its 404/403, run ahead of Grape's params
   * validation (400), with the path's raw values (a registry route on an unseen project is a 404
   * whatever its repository_id says).
   */
  before?: (ctx: BeforeContext<A>) => Promise<void>
  /** Hand the body over as bytes (e.g. a job log chunk) instead of parsing it into params. */
  rawBody?: boolean
  /** A CI job token (JOB-TOKEN header or job_token param) may authenticate this endpoint. */
  jobToken?: boolean
  /** Kept for clients but deprecated by the spec (shown as `deprecated` in the OpenAPI document). */
  deprecated?: boolean
  /**
   * GET answers are kept (kept-answers.ts) for the write generation, at most a second, per actor and
   * URL. Only for a handler without side effects whose answer depends on nothing but the database,
   * the actor and the URL (not on other headers, the client's address or in-memory state).
   */
  keep?: boolean
  /** The success response (see ResponseSpec): required, so the OpenAPI document and the response check cover every endpoint. */
  response: R
  handler: (ctx: Context<z.infer<S>, A>) => Promise<ResultFor<R>>
}

export interface Endpoint {
  readonly method: Method
  path: string
  summary: string
  tags: string[]
  params: z.ZodObject
  auth: AuthMode
  scopes?: readonly string[]
  paginated?: 'offset' | 'keyset'
  authAfterParams?: boolean
  before?: (ctx: BeforeContext<AuthMode>) => Promise<void>
  rawBody?: boolean
  jobToken?: boolean
  deprecated?: boolean
  keep?: boolean
  response: ResponseSpec
  // Method syntax on purpose: the table holds handlers of every params type (checked per definition
  // by EndpointConfig), and the dispatcher only ever passes the params its own schema produced.
  handler(ctx: Context<unknown, AuthMode>): Promise<HandlerResult>
}

declare const endpointTypes: unique symbol
type OffsetInput = z.input<z.ZodObject<typeof offsetParams>>
type PageInput<G> = G extends 'keyset'
  ? OffsetInput & z.input<z.ZodObject<typeof keysetParams>>
  : G extends 'offset'
    ? OffsetInput
    : unknown

/**
 * An endpoint that still knows its declaration's types: what a caller sends (the params schema's
 * input, plus page/per_page on lists) and what it gets back (the response body's output type).
 * The types ride on a property that never exists at runtime, so the table stays plain data.
 */
export interface TypedEndpoint<
  P = unknown,
  B = unknown,
  M extends Method = Method,
  Path extends string = string,
> extends Endpoint {
  readonly method: M
  /** The literal path template, so a type can map an endpoint to its OpenAPI path (lib/openapi/generated-client.check.ts). */
  readonly path: Path
  readonly [endpointTypes]?: { params: P; body: B }
}

/** What a caller of `E` sends: path params and query/body params in one object. */
export type ParamsOf<E> = E extends { readonly [endpointTypes]?: { params: infer P } } ? P : never
/** What a successful call of `E` returns as JSON (null: no JSON body; unknown: not declared). */
export type BodyOf<E> = E extends { readonly [endpointTypes]?: { body: infer B } } ? B : unknown

/**
 * What a caller outside the server holds of an endpoint: its method and path, with the same phantom
 * types, so ParamsOf/BodyOf read it as they read the definition (lib/console/generated/endpoint-refs.ts).
 */
export interface EndpointRef<P = unknown, B = unknown> {
  readonly method: Method
  readonly path: string
  readonly [endpointTypes]?: { params: P; body: B }
}
/**
 * The refs of a tree of definitions, in the same shape. Homomorphic on purpose: each property keeps
 * its declaration, so go-to-definition on `endpoints.project.show` lands on the server definition.
 */
export type RefsOf<T> = {
  readonly [K in keyof T]: T[K] extends Endpoint ? EndpointRef<ParamsOf<T[K]>, BodyOf<T[K]>> : RefsOf<T[K]>
}
// z.input of an empty object is Record<string, never>, which would forbid page/per_page beside it.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Shape` is the no-required-keys test, and `{}` the params of an endpoint that declares none
type InputOf<S extends z.ZodObject> = S extends z.ZodObject<infer Shape> ? ({} extends Shape ? {} : z.input<S>) : never
type DeclaredBody<R extends ResponseSpec> =
  R extends ResponseSpec<infer T> ? (T extends z.ZodType ? z.output<T> : null) : never

export function endpoint<
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- zod's own type of `z.object({})`
  S extends z.ZodObject = z.ZodObject<{}>,
  A extends AuthMode = AuthMode,
  R extends ResponseSpec = ResponseSpec,
  G extends 'offset' | 'keyset' | undefined = undefined,
  M extends Method = Method,
  Path extends string = string,
>(
  def: EndpointConfig<S, A, R> & { paginated?: G; method: M; path: Path },
): TypedEndpoint<InputOf<S> & PageInput<G>, DeclaredBody<R>, M, Path> {
  let params: z.ZodObject = def.params ?? z.object({})
  if (def.paginated) params = params.extend(offsetParams)
  if (def.paginated === 'keyset') params = params.extend(keysetParams)
  return {
    method: def.method,
    path: def.path,
    summary: def.summary,
    tags: def.tags ?? [def.path.split('/')[1] ?? 'misc'],
    params,
    auth: def.auth,
    scopes: def.scopes,
    paginated: def.paginated,
    authAfterParams: def.authAfterParams,
    before: def.before,
    rawBody: def.rawBody,
    jobToken: def.jobToken,
    deprecated: def.deprecated,
    keep: def.keep,
    response: def.response,
    handler: def.handler,
  }
}
