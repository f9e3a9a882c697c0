import { describe, expect, it } from 'vitest'
import type { Actor } from './actor'
import type { Memberships } from './memberships'
import { allowedAt, decideWithoutLevel, effectiveLevel, type ProjectSubject } from './policy'

const memberships = (ns: [number, number][], projects: [number, number][] = []): Memberships => ({
  namespaces: new Map(ns),
  projects: new Map(projects),
  namespacePaths: new Map(),
  personalNamespaceId: null,
  until: Infinity,
})
// Project 9 in group tree 1/2/3 (top-level 1, subgroup 2, sub-subgroup 3).
const project = (
  visibility = 'private',
  ns: ProjectSubject['namespace'] = { kind: 'group', ownerId: null },
): ProjectSubject => ({
  type: 'project',
  id: 9,
  visibility,
  traversalIds: '1/2/3/',
  namespace: ns,
})
const actor = (over: Partial<Actor['user']> = {}) =>
  ({ user: { id: 7, admin: false, external: false, ...over }, token: null, via: 'token' }) as unknown as Actor

describe('effectiveLevel: roles inherit down the group tree, the highest wins', () => {
  const cases: [string, Memberships, number][] = [
    ['no membership', memberships([]), 0],
    ['top-level group developer', memberships([[1, 30]]), 30],
    ['middle group maintainer', memberships([[2, 40]]), 40],
    ['direct project reporter', memberships([], [[9, 20]]), 20],
    ['inherited owner beats direct guest', memberships([[1, 50]], [[9, 10]]), 50],
    ['direct maintainer beats inherited reporter', memberships([[3, 20]], [[9, 40]]), 40],
    ['sibling group gives nothing', memberships([[4, 50]]), 0],
  ]
  it.each(cases)('%s', (_name, m, expected) => expect(effectiveLevel(m, project(), 7)).toBe(expected))

  it('makes the owner of a personal namespace the owner of its projects', () => {
    expect(effectiveLevel(memberships([]), project('private', { kind: 'user', ownerId: 7 }), 7)).toBe(50)
    expect(effectiveLevel(memberships([]), project('private', { kind: 'user', ownerId: 8 }), 7)).toBe(0)
  })
})

describe('abilities', () => {
  const table: [string, number, boolean][] = [
    ['read_project', 10, true],
    ['read_code', 10, false],
    ['read_code', 20, true],
    ['push_code', 20, false],
    ['push_code', 30, true],
    ['admin_project_member', 30, false],
    ['admin_project_member', 40, true],
    ['remove_project', 40, false],
    ['remove_project', 50, true],
  ]
  it.each(table)('%s at level %i → %s', (ability, level, allowed) =>
    expect(allowedAt(level, ability, project())).toBe(allowed),
  )

  it('lets visibility decide reads before any membership lookup', () => {
    expect(decideWithoutLevel(null, 'read_project', project('public'))).toBe(true)
    expect(decideWithoutLevel(null, 'read_project', project('internal'))).toBeNull()
    expect(decideWithoutLevel(actor(), 'read_project', project('internal'))).toBe(true)
    expect(decideWithoutLevel(actor({ external: true }), 'read_project', project('internal'))).toBeNull()
    expect(decideWithoutLevel(actor(), 'push_code', project('public'))).toBeNull()
    expect(decideWithoutLevel(actor({ admin: true }), 'remove_project', project())).toBe(true)
  })
})
