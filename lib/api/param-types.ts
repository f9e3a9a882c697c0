// zod building blocks for endpoint parameters, coercing the way Grape (dry-types Params) does.
// Each accepts both the string forms of query/form encodings and JSON's native types.
import { z } from 'zod'

const TRUE = new Set(['true', '1', 't', 'y', 'yes', 'on'])
const FALSE = new Set(['false', '0', 'f', 'n', 'no', 'off'])
/** Grape turns "" into nil for non-String types: an empty value counts as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export function toBool(v: unknown): unknown {
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : v
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase()
    if (TRUE.has(s)) return true
    if (FALSE.has(s)) return false
  }
  return v
}

export function toInt(v: unknown): unknown {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : v
  if (typeof v === 'string' && /^\s*[-+]?\d{1,15}\s*$/.test(v)) return Number.parseInt(v, 10)
  return v
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i

export function toDate(v: unknown): unknown {
  if (v instanceof Date) return v
  if (typeof v !== 'string') return v
  const s = v.trim()
  if (!ISO_DATE.test(s) && !ISO_DATETIME.test(s)) return v
  const d = new Date(ISO_DATE.test(s) ? `${s}T00:00:00Z` : s.replace(' ', 'T'))
  return Number.isNaN(d.getTime()) ? v : d
}

/** Comma-separated strings or arrays (GitLab's CommaSeparatedToArray). */
export function toList(v: unknown): unknown {
  if (Array.isArray(v))
    return (v as unknown[])
      .flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]))
      .map((x) => (typeof x === 'string' ? x.trim() : x))
      .filter((x) => x !== '')
  if (typeof v === 'string')
    return v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
  return v
}

// Ids and counts are 32-bit columns in both databases; a larger value cannot match anything and
// would make PostgreSQL fail the query, so it is an invalid parameter (as Grape's range checks).
const INT32 = z
  .number()
  .int()
  .refine((n) => n >= -2147483648 && n <= 2147483647, { params: { grape: 'is invalid' } })

/** A numeric `:id` that fits a 32-bit column, or null. */
export const dbId = (id: string): number | null => {
  if (!/^\d+$/.test(id)) return null
  const n = Number(id)
  return n <= 2147483647 ? n : null
}

// Each preprocess names the input it accepts (typed callers through ParamsOf see it: `id` a number or
// a path, `page` a number or its string); at run time anything may arrive and the schema judges it.
export const p = {
  string: () => z.string(),
  /** Integer parameter (`"12"` or 12); `"12a"` and `1.5` are invalid. */
  int: () => z.preprocess((v: number | string) => toInt(blankToUndefined(v)), INT32),
  bool: () => z.preprocess((v: boolean | string | number) => toBool(blankToUndefined(v)), z.boolean()),
  /** ISO 8601 date or date-time. */
  date: () => z.preprocess((v: Date | string) => toDate(blankToUndefined(v)), z.date()),
  /** Grape's `values:` on a string. */
  enum: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values),
  /** Integer restricted to a set (access levels). Typed callers may pass any number (a form's select holds one); the set is checked here. */
  intIn: (values: readonly number[]) =>
    z.preprocess(
      (v: number | string) => toInt(blankToUndefined(v)),
      INT32.refine((n) => values.includes(n), { params: { grape: 'does not have a valid value' } }),
    ),
  /** `types: [String, Integer]`: a numeric id or a full path. */
  id: () => z.preprocess((v: number | string) => (typeof v === 'number' ? String(v) : v), z.string().min(1)),
  stringList: () => z.preprocess((v: string[] | string) => toList(blankToUndefined(v)), z.array(z.string())),
  intList: () =>
    z.preprocess(
      (v: (number | string)[] | string) => (Array.isArray(toList(v)) ? (toList(v) as unknown[]).map(toInt) : v),
      z.array(INT32),
    ),
  /** Optional with Grape's blank-is-absent behaviour. */
  optional: <T extends z.ZodType>(t: T) =>
    z.preprocess((v: z.input<T> | undefined) => blankToUndefined(v), t.optional()),
}
