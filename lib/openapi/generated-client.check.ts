// The generated client checks the console's calls: for every named endpoint, the body type the
// console's typed `api()` infers from the definition (BodyOf) must be assignable to the response
// type openapi-typescript generated from our OpenAPI document (lib/openapi/generated/api.ts). A
// schema the document renders differently from what the handler's type says fails `tsc` here,
// naming the endpoint's path.
import type { BodyOf, Method, TypedEndpoint } from '../api/endpoint'
import type { endpoints } from '../endpoints'
import type { paths } from './generated/api'

type Leaves<T> = T extends TypedEndpoint
  ? T
  : T extends readonly (infer U)[]
    ? Leaves<U>
    : T extends object
      ? { [K in keyof T]: Leaves<T[K]> }[keyof T]
      : never
type OpenApiPath<P extends string> = P extends `${infer A}:${infer N}/${infer R}`
  ? `${A}{${N}}/${OpenApiPath<R>}`
  : P extends `${infer A}:${infer N}`
    ? `${A}{${N}}`
    : P
type OperationOf<M extends Method, P extends string> =
  OpenApiPath<P> extends keyof paths
    ? Lowercase<M> extends keyof paths[OpenApiPath<P>]
      ? paths[OpenApiPath<P>][Lowercase<M>]
      : { missing: M }
    : { missing: P }
type SuccessJson<Op> = Op extends { responses: infer R }
  ? {
      [S in keyof R]: S extends number ? (R[S] extends { content: { 'application/json': infer J } } ? J : never) : never
    }[keyof R]
  : never

export type Mismatch<E> =
  E extends TypedEndpoint<unknown, unknown, infer M, infer P>
    ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Record<P, 1>` is true only when P is not a literal path
      {} extends Record<P, 1>
      ? never // a path the compiler cannot spell out (string, or `${string}/:key` from a factory) is checked by the document test only
      : unknown extends BodyOf<E>
        ? never // a body typed unknown (a loose schema such as the OpenAPI document itself)
        : BodyOf<E> extends null
          ? never
          : string extends keyof BodyOf<E>
            ? never // a data-driven shape (application settings: keys from the definitions table) has no per-key type to compare
            : [BodyOf<E>] extends [SuccessJson<OperationOf<M, P>>]
              ? never
              : `${M} ${P}`
    : never

export type Mismatches = Mismatch<Leaves<typeof endpoints>>
// On a failure the error names the endpoints whose definition and generated type disagree.
export const generatedClientAgrees: [Mismatches] extends [never] ? true : Mismatches = true

// The check can fail: a definition whose body disagrees with the generated type is named.
type Planted = TypedEndpoint<unknown, { name: number }, 'GET', '/projects/:id/protected_branches/:name'>
export const plantedIsCaught: Mismatch<Planted> = 'GET /projects/:id/protected_branches/:name'
