// Already-serialized JSON values. A list may cache each item's JSON (GitLab's `present_cached`);
// the dispatcher splices fragments into the response text instead of serializing them again.
const FRAGMENT = Symbol.for('app.api.jsonFragment')

export interface JsonFragment {
  [FRAGMENT]: true
  json: string
  /** The parsed value, for in-process callers that read bodies as objects. */
  toJSON(): unknown
}

export function jsonFragment(json: string): JsonFragment {
  return { [FRAGMENT]: true, json, toJSON: () => JSON.parse(json) }
}

export const isJsonFragment = (v: unknown): v is JsonFragment => typeof v === 'object' && v !== null && FRAGMENT in v

/** JSON.stringify, splicing fragments found at the top level or as items of a top-level array. */
export function stringifyBody(body: unknown): string {
  if (isJsonFragment(body)) return body.json
  if (Array.isArray(body) && body.some(isJsonFragment)) return `[${body.map((v) => (isJsonFragment(v) ? v.json : JSON.stringify(v))).join(',')}]`
  return JSON.stringify(body)
}
