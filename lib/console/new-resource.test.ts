import { describe, expect, it } from 'vitest'
import { initialVisibility, pathFormatError, suggestPath, visibilityOptions } from './new-resource'

describe('suggestPath', () => {
  it('lower-cases and joins words with dashes', () => {
    expect(suggestPath('My Team')).toBe('my-team')
    expect(suggestPath('  Platform  Tools  ')).toBe('platform-tools')
  })
  it('keeps dots and underscores, drops accents, trims separators', () => {
    expect(suggestPath('Café Crème')).toBe('cafe-creme')
    expect(suggestPath('web_app.v2')).toBe('web_app.v2')
    expect(suggestPath('--Hello, World!--')).toBe('hello-world')
    expect(suggestPath('.hidden.')).toBe('hidden')
  })
  it('gives an empty path for a name with nothing usable', () => {
    expect(suggestPath('!!!')).toBe('')
  })
})

describe('pathFormatError', () => {
  it('accepts a valid path and names the first problem of an invalid one', () => {
    expect(pathFormatError('my-team', true)).toBeNull()
    expect(pathFormatError('', true)).toBe("can't be blank")
    expect(pathFormatError('-team', false)).toMatch(/^can contain only letters/)
    expect(pathFormatError('repo.git', false)).toMatch(/^can contain only letters/)
  })
  it('refuses reserved names at the top level only', () => {
    expect(pathFormatError('admin', true)).toBe('admin is a reserved name')
    expect(pathFormatError('admin', false)).toBeNull()
  })
})

const reasons = (opts: ReturnType<typeof visibilityOptions>) =>
  Object.fromEntries(opts.map((o) => [o.value, o.disabledReason]))

describe('visibilityOptions', () => {
  it('offers every level at the top level without restrictions', () => {
    expect(reasons(visibilityOptions({ restricted: [], admin: false }))).toEqual({
      private: null,
      internal: null,
      public: null,
    })
  })
  it('limits a subgroup or project to its parent group’s visibility', () => {
    const opts = visibilityOptions({
      parent: { visibility: 'private', kind: 'group', name: 'Acme' },
      restricted: [],
      admin: false,
    })
    expect(reasons(opts)).toEqual({
      private: null,
      internal: 'Not available: the parent group Acme is private.',
      public: 'Not available: the parent group Acme is private.',
    })
    const internal = visibilityOptions({
      parent: { visibility: 'internal', kind: 'group', name: 'Acme' },
      restricted: [],
      admin: true,
    })
    expect(internal.filter((o) => o.disabledReason).map((o) => o.value)).toEqual(['public'])
  })
  it('sets no limit for a personal namespace', () => {
    const opts = visibilityOptions({
      parent: { visibility: 'private', kind: 'user', name: 'alice' },
      restricted: [],
      admin: false,
    })
    expect(opts.every((o) => o.disabledReason === null)).toBe(true)
  })
  it('disables restricted levels for users but not for administrators', () => {
    expect(reasons(visibilityOptions({ restricted: ['public'], admin: false })).public).toBe(
      'Restricted by your administrator.',
    )
    expect(reasons(visibilityOptions({ restricted: ['public'], admin: true })).public).toBeNull()
  })
  it('gives the parent limit precedence over a restriction', () => {
    const opts = visibilityOptions({
      parent: { visibility: 'private', kind: 'group', name: 'Acme' },
      restricted: ['public'],
      admin: false,
    })
    expect(reasons(opts).public).toBe('Not available: the parent group Acme is private.')
  })
})

describe('initialVisibility', () => {
  it('takes the instance default when allowed', () => {
    expect(initialVisibility(visibilityOptions({ restricted: [], admin: false }), 'internal')).toBe('internal')
  })
  it('steps down to the most open allowed level below the default', () => {
    const underPrivate = visibilityOptions({
      parent: { visibility: 'private', kind: 'group', name: 'A' },
      restricted: [],
      admin: false,
    })
    expect(initialVisibility(underPrivate, 'public')).toBe('private')
    expect(initialVisibility(visibilityOptions({ restricted: ['public'], admin: false }), 'public')).toBe('internal')
  })
  it('falls back to the first allowed level, or none', () => {
    expect(initialVisibility(visibilityOptions({ restricted: ['private'], admin: false }), 'private')).toBe('internal')
    const none = visibilityOptions({
      parent: { visibility: 'private', kind: 'group', name: 'A' },
      restricted: ['private'],
      admin: false,
    })
    expect(initialVisibility(none, 'private')).toBeNull()
  })
})
