// A user row by id through lib/db's prepared statement (fast-read.ts), uncached: for per-request
// paths such as a CI job token's actor, where a Prisma round trip on every call shows.
import { findOneFast, type User } from '../db'

export function userByIdFast(id: number): Promise<User | null> {
  return findOneFast('User', 'id', id)
}
