// Epic rows other domains need (an issue shows its epic), without a permission check. Only lib/db
// below, so any domain can call it.
import { getDb, type Epic } from '../db'

export async function epicsByIds(ids: readonly number[]): Promise<Epic[]> {
  if (!ids.length) return []
  return (await getDb()).epic.findMany({ where: { id: { in: [...new Set(ids)] } } })
}
