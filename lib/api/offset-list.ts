// The one way to read an offset-paginated list: the page's rows and the capped count of the same
// filter, run together. The count is the list's most expensive query, so it is kept for the write
// generation under one key spelled here ([model, where]) — except for the tables whose writes do
// not move the change stamp (queue, counters), where a kept count would be stale.
import { getDb, type Db } from '../db'
import { CHANGELESS } from '../db/change-stamp'
import { cappedCount, offsetPage, type OffsetPage, type PageWindow } from './pagination'

/** The Prisma models (their client's property names) that can be counted. */
type Countable = { [K in keyof Db]: Db[K] extends { count: (...args: never[]) => unknown } ? K : never }[keyof Db]
/** The `where` of a model's count: the same filter as its findMany's. */
export type WhereOf<M extends Countable> =
  NonNullable<Parameters<Db[M]['count']>[0]> extends { where?: infer W } ? W : never

/**
 * One page: `rows` (the caller's findMany / findManyKept with `window.skip` and `window.take`,
 * ordered as the endpoint documents) and the count of `where` on `model`, capped at COUNT_LIMIT.
 */
export async function offsetList<M extends Countable, T>(
  model: M,
  where: WhereOf<M> | undefined,
  window: PageWindow,
  rows: PromiseLike<T[]>,
): Promise<OffsetPage<T>> {
  const db = await getDb()
  // One cast for every model: the delegates' count signatures differ only in their where type.
  const delegate = db[model] as unknown as { count(args: { where?: unknown; take: number }): Promise<number> }
  const table = model.charAt(0).toUpperCase() + model.slice(1)
  const key = CHANGELESS.has(table) ? undefined : [model, where ?? null]
  const [items, total] = await Promise.all([rows, cappedCount((take) => delegate.count({ where, take }), key)])
  return offsetPage(items, total, window)
}
