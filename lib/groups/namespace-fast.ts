// A namespace row by id through lib/db's prepared statement, bypassing namespaceById's cache: the
// job claim scopes group runners by the group's traversal ids, and a moved group must count at once.
import { findOneFast, type Namespace } from '../db'

export function namespaceByIdUncached(id: number): Promise<Namespace | null> {
  return findOneFast('Namespace', 'id', id)
}
