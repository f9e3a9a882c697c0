// Keyset pagination in SQL: rows after (value, id) in the chosen order, with an opaque cursor.
import { paramError } from './errors'

export type Direction = 'asc' | 'desc'

export function encodeCursor(value: unknown, id: number): string {
  return Buffer.from(
    JSON.stringify(value instanceof Date ? { d: value.toISOString(), id } : { v: value, id }),
  ).toString('base64url')
}

export function decodeCursor(cursor: string): { value: unknown; id: number } {
  try {
    const o = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { v?: unknown; d?: string; id: number }
    if (!Number.isSafeInteger(o.id)) throw new Error('bad id')
    const value = o.d !== undefined ? new Date(o.d) : o.v
    if (value instanceof Date && Number.isNaN(value.getTime())) throw new Error('bad date')
    return { value, id: o.id }
  } catch {
    throw paramError('cursor is invalid')
  }
}

/** Prisma `where` for rows strictly after (value, id) in (field dir, id dir) order. */
export function afterCursor(
  field: string,
  dir: Direction,
  cursor: { value: unknown; id: number },
): Record<string, unknown> {
  const cmp = dir === 'asc' ? 'gt' : 'lt'
  if (field === 'id') return { id: { [cmp]: cursor.id } }
  return { OR: [{ [field]: { [cmp]: cursor.value } }, { [field]: cursor.value, id: { [cmp]: cursor.id } }] }
}

export const keysetOrder = (field: string, dir: Direction) =>
  field === 'id' ? [{ id: dir }] : [{ [field]: dir }, { id: dir }]
