import { describe, expect, it } from 'vitest'
import { desiredLevels, planSync, type Assertion, type Change, type LinkRule } from './plan'

const link = (groupId: number, samlGroupName: string, accessLevel: number, provider = ''): LinkRule => ({
  groupId,
  samlGroupName,
  accessLevel,
  provider,
})
const saml = (groups: string[], provider?: string): Assertion => ({ groups, provider })

describe('desiredLevels: highest matching link per linked group', () => {
  const cases: [string, LinkRule[], Assertion, [number, number | null][]][] = [
    ['one match', [link(1, 'devs', 30)], saml(['devs']), [[1, 30]]],
    ['no match: linked group wants nothing', [link(1, 'devs', 30)], saml(['ops']), [[1, null]]],
    [
      'highest of several wins',
      [link(1, 'devs', 30), link(1, 'leads', 40), link(1, 'all', 10)],
      saml(['devs', 'leads', 'all']),
      [[1, 40]],
    ],
    [
      'per group',
      [link(1, 'devs', 30), link(2, 'devs', 20)],
      saml(['devs']),
      [
        [1, 30],
        [2, 20],
      ],
    ],
    ['names are exact', [link(1, 'Devs', 30)], saml(['devs']), [[1, null]]],
    ['provider link needs that provider', [link(1, 'devs', 30, 'okta')], saml(['devs'], 'azure'), [[1, null]]],
    ['provider link with its provider', [link(1, 'devs', 30, 'okta')], saml(['devs'], 'okta'), [[1, 30]]],
    ['provider link without any provider asserted', [link(1, 'devs', 30, 'okta')], saml(['devs']), [[1, null]]],
    ['any-provider link matches every provider', [link(1, 'devs', 30)], saml(['devs'], 'okta'), [[1, 30]]],
    [
      'same name, two providers: only the asserting one',
      [link(1, 'devs', 40, 'okta'), link(1, 'devs', 20, 'azure')],
      saml(['devs'], 'azure'),
      [[1, 20]],
    ],
    ['no-access link grants nothing', [link(1, 'devs', 0)], saml(['devs']), [[1, null]]],
    ['no-access link beside a real one', [link(1, 'devs', 0), link(1, 'ops', 20)], saml(['devs', 'ops']), [[1, 20]]],
  ]
  it.each(cases)('%s', (_, links, assertion, expected) => {
    expect([...desiredLevels(links, assertion)].sort((a, b) => a[0] - b[0])).toEqual(expected)
  })
})

describe('planSync: add, update, remove, keep the last owner', () => {
  const cases: [string, LinkRule[], Assertion, [number, number][], number[], Change[]][] = [
    ['adds', [link(1, 'devs', 30)], saml(['devs']), [], [], [{ kind: 'add', groupId: 1, to: 30 }]],
    ['same level: nothing', [link(1, 'devs', 30)], saml(['devs']), [[1, 30]], [], []],
    [
      'raises',
      [link(1, 'devs', 40)],
      saml(['devs']),
      [[1, 30]],
      [],
      [{ kind: 'update', groupId: 1, from: 30, to: 40 }],
    ],
    [
      'lowers to the link level',
      [link(1, 'devs', 20)],
      saml(['devs']),
      [[1, 40]],
      [],
      [{ kind: 'update', groupId: 1, from: 40, to: 20 }],
    ],
    [
      'removes when no link grants',
      [link(1, 'devs', 30)],
      saml([]),
      [[1, 30]],
      [],
      [{ kind: 'remove', groupId: 1, from: 30 }],
    ],
    ['not a member and no grant: nothing', [link(1, 'devs', 30)], saml([]), [], [], []],
    ['groups without links are untouched', [link(1, 'devs', 30)], saml([]), [[2, 40]], [], []],
    [
      'owner with other owners is removed',
      [link(1, 'devs', 30)],
      saml([]),
      [[1, 50]],
      [],
      [{ kind: 'remove', groupId: 1, from: 50 }],
    ],
    [
      'last owner is kept',
      [link(1, 'devs', 30)],
      saml([]),
      [[1, 50]],
      [1],
      [{ kind: 'keep_last_owner', groupId: 1, from: 50, to: null }],
    ],
    [
      'last owner is not demoted',
      [link(1, 'devs', 30)],
      saml(['devs']),
      [[1, 50]],
      [1],
      [{ kind: 'keep_last_owner', groupId: 1, from: 50, to: 30 }],
    ],
    ['last owner keeps owner link', [link(1, 'admins', 50)], saml(['admins']), [[1, 50]], [1], []],
    [
      'mixed tree',
      [link(1, 'devs', 30), link(2, 'ops', 40), link(3, 'qa', 20)],
      saml(['devs', 'ops']),
      [
        [2, 10],
        [3, 20],
        [4, 30],
      ],
      [],
      [
        { kind: 'add', groupId: 1, to: 30 },
        { kind: 'update', groupId: 2, from: 10, to: 40 },
        { kind: 'remove', groupId: 3, from: 20 },
      ],
    ],
  ]
  it.each(cases)('%s', (_, links, assertion, current, lastOwner, expected) => {
    expect(planSync(links, assertion, new Map(current), new Set(lastOwner))).toEqual(expected)
  })
})
