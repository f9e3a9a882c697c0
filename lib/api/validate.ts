// Validates merged params against an endpoint's zod schema and renders failures as Grape does:
// `{"error":"description is missing, ref is invalid, scope does not have a valid value"}`.
import type { z } from 'zod'
import { paramError } from './errors'
import type { Params } from './params'

/** `files[0][file_path]` from ['files', 0, 'file_path']. */
export function paramName(path: readonly PropertyKey[]): string {
  const [head = '', ...rest] = path.map(String)
  return head + rest.map((k) => `[${k}]`).join('')
}

function valueAt(obj: unknown, path: readonly PropertyKey[]): unknown {
  let node = obj
  for (const k of path) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<PropertyKey, unknown>)[k as string]
  }
  return node
}

function describe(issue: z.core.$ZodIssue, input: Params): string {
  const grape = (issue as { params?: { grape?: string } }).params?.grape
  if (grape) return grape
  const raw = valueAt(input, issue.path)
  if (raw === undefined || raw === null || raw === '') return 'is missing'
  if (issue.code === 'invalid_value') return 'does not have a valid value'
  if (issue.code === 'custom' && issue.message && issue.message !== 'Invalid input') return issue.message
  return 'is invalid'
}

export function validateParams<S extends z.ZodType>(schema: S, input: Params): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const seen = new Set<string>()
  const texts: string[] = []
  for (const issue of result.error.issues) {
    // An array or union failure reports on the whole parameter once, like Grape.
    // Grape names a bad element of a scalar array by the array (`scopes`), but keeps the index
    // inside arrays of hashes (`files[0][file_path]`).
    const path = typeof issue.path[issue.path.length - 1] === 'number' ? issue.path.slice(0, -1) : issue.path
    const text = `${paramName(path.length ? path : ['params'])} ${describe(issue, input)}`
    if (!seen.has(text)) {
      seen.add(text)
      texts.push(text)
    }
  }
  throw paramError(texts.join(', '))
}
