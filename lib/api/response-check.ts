// The contract check the integration suite turns on (API_VALIDATE_RESPONSES=1): every successful
// response of an endpoint that declares its response is held against the declaration — status and
// JSON body — and a mismatch becomes a 500 naming what differs, so a test asserting the status or
// the body fails and the OpenAPI document cannot drift from what is served.
import type { Endpoint } from './endpoint'
import { stringifyBody } from './json-fragment'
import { config } from '../config'

const NO_BODY = Symbol('no JSON body')
/** A JSON value or `noJsonBody`: spelled as a union it would collapse to `unknown` anyway. */
export type Payload = unknown
export const noJsonBody: typeof NO_BODY = NO_BODY

export const responseChecksOn = () => config().testing.validateResponses

/** What differs between a success response and the endpoint's declaration, or null. */
export function responseMismatch(endpoint: Endpoint, method: string, status: number, payload: Payload): string | null {
  const spec = endpoint.response
  const allowed =
    spec.status === undefined
      ? [method === 'POST' ? 201 : 200]
      : typeof spec.status === 'number'
        ? [spec.status]
        : [...spec.status]
  if (!allowed.includes(status)) return `status ${status}, declared ${allowed.join(' or ')}`
  // 204 has no body by definition, also on an endpoint whose other status carries one (POST /jobs/request: 201 or 204).
  if (status === 204)
    return payload === NO_BODY || payload === undefined || payload === null ? null : 'a JSON body on 204'
  if (spec.body === null)
    return payload === NO_BODY || payload === undefined || payload === null ? null : 'a JSON body, declared none'
  if (payload === NO_BODY) return 'no JSON body, declared one'
  const value: unknown = JSON.parse(stringifyBody(payload))
  const parsed = spec.body.safeParse(value)
  if (parsed.success) return null
  return parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
    .join('; ')
}
