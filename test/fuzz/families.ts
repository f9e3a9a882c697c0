// The fuzz's request families, each a named generator over one operation: `valid` draws the
// document's declared shapes; every other family takes such a valid request and breaks one thing
// (issue 34 §1). All values shrink: a failure is reported as the smallest request that still fails.
import { fc } from '@fast-check/vitest'
import type { Operation } from './operations'
import type { ActorName, FuzzRequest } from './send'
import { contentType, crossCutting, nesting, proto, size, socket } from './mutations-framing'
import { nul, traversal, typesAndBounds, unicode, type Family } from './mutations-values'
import { encode, encodings, validParts } from './valid-requests'

export const FAMILIES: Record<string, Family | null> = {
  valid: null,
  'types-bounds': typesAndBounds,
  'cross-cutting': crossCutting,
  nul,
  unicode,
  traversal,
  nesting,
  proto,
  'content-type': contentType,
  size,
  socket,
}
export const FAMILY_NAMES = Object.keys(FAMILIES)

// Rarer where a request costs more (11 MiB uploads) or says less (raw sockets).
const WEIGHTS: Record<string, number> = {
  valid: 6,
  'types-bounds': 6,
  'cross-cutting': 2,
  nul: 2,
  unicode: 3,
  traversal: 2,
  nesting: 2,
  proto: 2,
  'content-type': 3,
  size: 1,
  socket: 1,
}

/**
 * Operations an authenticated actor would end the run by: revoking or rotating the token it sends,
 * deleting or blocking the fuzz's user. Reviewed list: they are fuzzed anonymously only.
 */
const RUN_ENDING = [
  /^(DELETE|POST) \/personal_access_tokens\/(self|\{id\})/,
  /^(DELETE|POST) \/users\/\{id\}(\/(block|deactivate))?$/,
  /^PUT \/application\/settings$/,
]
export const runEnding = (op: Operation) => RUN_ENDING.some((r) => r.test(op.key))

function actors(op: Operation, family: string): fc.Arbitrary<ActorName> {
  if (runEnding(op)) return fc.constant('anonymous')
  // Valid requests go as someone, to reach the handlers (the mutations cover anonymous callers);
  // root writes only mutated requests: a valid one could change what the rest of the run sees.
  if (family === 'valid')
    return op.method === 'GET' ? fc.constantFrom<ActorName>('user', 'root') : fc.constant<ActorName>('user')
  return fc.constantFrom<ActorName>('user', 'root', 'anonymous')
}

/** Any request of any family against `op`, valid shapes weighted first. */
export function requestOf(op: Operation, only?: string): fc.Arbitrary<FuzzRequest> {
  const names = only ? [only] : FAMILY_NAMES
  return fc.oneof(
    ...names.map((name) => ({
      weight: WEIGHTS[name] ?? 1,
      arbitrary: validParts(op).chain((parts) => {
        const family = FAMILIES[name]
        const req = family ? family(op, parts) : encodings(op).map((enc) => encode(op, parts, enc, 'valid'))
        return fc.tuple(req, actors(op, name)).map(([r, actor]) => ({ ...r, actor }))
      }),
    })),
  )
}
