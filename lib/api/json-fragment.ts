// Already-serialized JSON values. A list may cache each item's JSON (GitLab's `present_cached`);
// the dispatcher splices fragments into the response text instead of serializing them again.
// Fragments are only ever made by JSON.stringify or by the typed object builder below, which
// composes objects from members it serialized itself: no code cuts or patches serialized JSON.
const FRAGMENT = Symbol.for('app.api.jsonFragment')

export interface JsonFragment {
  [FRAGMENT]: true
  json: string
  /** The parsed value, for in-process callers that read bodies as objects. */
  toJSON(): unknown
}

/** A whole value as JSON.stringify wrote it. */
export function jsonFragment(json: string): JsonFragment {
  return { [FRAGMENT]: true, json, toJSON: (): unknown => JSON.parse(json) }
}

export const isJsonFragment = (v: unknown): v is JsonFragment => typeof v === 'object' && v !== null && FRAGMENT in v

// A frozen object (shared flags, kept rows) cannot change, so its JSON is written once.
const frozenJson = new WeakMap<object, string>()
function memberJson(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || !Object.isFrozen(v)) return JSON.stringify(v)
  let json = frozenJson.get(v)
  if (json === undefined) frozenJson.set(v, (json = JSON.stringify(v)))
  return json
}

/**
 * An object's members (`"key":value` pairs) serialized once, so a cached entity can be composed
 * with per-request members (permissions, custom attributes) without serializing it again.
 */
export class JsonMembers {
  /** `{…}` for these members alone. */
  readonly object: string
  private constructor(readonly text: string) {
    this.object = `{${text}}`
  }

  /**
   * Members in `value`'s key order; undefined values are left out, as JSON.stringify does. A member
   * that is a fragment, or an array of fragments (a cached list), is used as already serialized.
   */
  static of(value: Record<string, unknown>): JsonMembers {
    const parts: string[] = []
    for (const [key, v] of Object.entries(value)) {
      const json = isJsonFragment(v) || (Array.isArray(v) && v.some(isJsonFragment)) ? stringifyBody(v) : memberJson(v)
      if (json !== undefined) parts.push(`${JSON.stringify(key)}:${json}`)
    }
    return new JsonMembers(parts.join(','))
  }
}

export interface JsonObjectFragment extends JsonFragment {
  /** What the object was built from, so it can be extended (`extendObject`). */
  readonly parts: readonly JsonMembers[]
}

/** An object of the given members, in order (a key given twice is read as the last one). */
export function jsonObject(...parts: (JsonMembers | Record<string, unknown>)[]): JsonObjectFragment {
  const members = parts.map((p) => (p instanceof JsonMembers ? p : JsonMembers.of(p)))
  const [only] = members
  const json =
    members.length === 1 && only
      ? only.object
      : `{${members
          .filter((m) => m.text)
          .map((m) => m.text)
          .join(',')}}`
  return { [FRAGMENT]: true, json, parts: members, toJSON: (): unknown => JSON.parse(json) }
}

/** The object with more members after its own. */
export const extendObject = (fragment: JsonObjectFragment, more: Record<string, unknown>): JsonObjectFragment =>
  jsonObject(...fragment.parts, more)

/** JSON.stringify, splicing fragments found at the top level or as items of a top-level array. */
export function stringifyBody(body: unknown): string {
  if (isJsonFragment(body)) return body.json
  if (Array.isArray(body) && body.some(isJsonFragment))
    return `[${body.map((v) => (isJsonFragment(v) ? v.json : JSON.stringify(v))).join(',')}]`
  return JSON.stringify(body)
}
