// Helpers for `noUncheckedIndexedAccess`: an index or a query result that cannot be missing by
// construction says so once, and fails loudly (not with a later `undefined` deep inside) if it ever is.

export type NonEmpty<T> = [T, ...T[]]

export const isNonEmpty = <T>(a: T[]): a is NonEmpty<T> => a.length > 0

/** The value, or an Error naming `what` when it is absent against the code's own invariant. */
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`)
  return value
}
