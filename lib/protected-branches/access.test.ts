import { describe, expect, it } from 'vitest'
import { allowedOn, developersCan, type AccessEntry, type Caller, type Rule } from './access'

const role = (kind: string, accessLevel: number): AccessEntry => ({
  kind,
  accessLevel,
  userId: null,
  groupId: null,
  deployKeyId: null,
})
const user = (kind: string, userId: number): AccessEntry => ({
  kind,
  accessLevel: null,
  userId,
  groupId: null,
  deployKeyId: null,
})
const group = (kind: string, groupId: number): AccessEntry => ({
  kind,
  accessLevel: null,
  userId: null,
  groupId,
  deployKeyId: null,
})
const rule = (name: string, ...accessLevels: AccessEntry[]): Rule => ({ name, accessLevels })
const who = (level: number, extra: Partial<Caller> = {}): Caller => ({
  userId: 7,
  level,
  admin: false,
  groupIds: [],
  ...extra,
})

describe('allowedOn: the most permissive matching entry wins', () => {
  const cases: [string, Rule[], string, Caller, boolean | null][] = [
    ['unprotected branch: plain abilities apply', [rule('main', role('push', 40))], 'feature', who(30), null],
    ['maintainers only, developer', [rule('main', role('push', 40))], 'main', who(30), false],
    ['maintainers only, maintainer', [rule('main', role('push', 40))], 'main', who(40), true],
    ['no one, even an owner', [rule('main', role('push', 0))], 'main', who(50), false],
    ['no one, even an administrator', [rule('main', role('push', 0))], 'main', who(0, { admin: true }), false],
    ['admins only, admin', [rule('main', role('push', 60))], 'main', who(0, { admin: true }), true],
    ['admins only, owner', [rule('main', role('push', 60))], 'main', who(50), false],
    ['wildcard rule applies', [rule('release/*', role('push', 40))], 'release/1.0', who(30), false],
    ['wildcard does not match other names', [rule('release/*', role('push', 40))], 'hotfix/1', who(30), null],
    [
      'two rules: the more permissive wins',
      [rule('release/*', role('push', 40)), rule('release/1.*', role('push', 30))],
      'release/1.2',
      who(30),
      true,
    ],
    [
      'no one + developers in one rule: developers win',
      [rule('main', role('push', 0), role('push', 30))],
      'main',
      who(30),
      true,
    ],
    ['a named user may push', [rule('main', role('push', 40), user('push', 7))], 'main', who(30), true],
    ['a named user still needs developer access', [rule('main', user('push', 7))], 'main', who(20), false],
    ['another user is not enough', [rule('main', user('push', 8))], 'main', who(30), false],
    ['a group entry lets its members push', [rule('main', group('push', 3))], 'main', who(30, { groupIds: [3] }), true],
    ['merge entries do not grant push', [rule('main', role('push', 40), role('merge', 30))], 'main', who(30), false],
  ]
  it.each(cases)('%s', (_name, rules, branch, caller, expected) =>
    expect(allowedOn(rules, branch, 'push', caller)).toBe(expected),
  )

  it('reports developers_can_push / developers_can_merge', () => {
    const rules = [rule('main', role('push', 40), role('merge', 30))]
    expect(developersCan(rules, 'main', 'push')).toBe(false)
    expect(developersCan(rules, 'main', 'merge')).toBe(true)
  })
})
