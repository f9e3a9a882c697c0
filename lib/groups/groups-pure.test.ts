// Pure pieces of the groups domain: image sniffing and file names for avatars, settings defaults
// and merging, branch-protection mapping, similarity ranking.
import { describe, expect, it } from 'vitest'
import { avatarChange, avatarContentType, sanitizeFilename, sniffImage } from './avatar'
import { bySimilarity } from './list-filters'
import { GROUP_SETTING_DEFAULTS, groupSettings, mergeSettings, protectionDefaults } from './settings'

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0])

describe('avatar files', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'image/gif'],
    [[0x42, 0x4d], 'image/bmp'],
    [[0x49, 0x49, 0x2a, 0x00], 'image/tiff'],
    [[0x00, 0x00, 0x01, 0x00], 'image/x-icon'],
    [[0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50], 'image/webp'],
    [[0x3c, 0x73, 0x76, 0x67], null],
  ])('sniffs %j as %s', (sig, type) => expect(sniffImage(bytes(...sig))).toBe(type))

  it('prefers the extension for the content type, then the content', () => {
    expect(avatarContentType('a.JPG', bytes(0x89, 0x50))).toBe('image/jpeg')
    expect(avatarContentType('blob', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png')
    expect(avatarContentType('blob', bytes(1))).toBe('application/octet-stream')
  })

  it('sanitizes names like CarrierWave and never keeps directories', () => {
    expect(sanitizeFilename('../../etc/pass wd.png')).toBe('pass_wd.png')
    expect(sanitizeFilename('C:\\x\\logo (1).png')).toBe('logo__1_.png')
    expect(sanitizeFilename('.hidden')).toBe('_hidden')
    expect(sanitizeFilename('')).toBe('avatar')
  })

  it('reads the avatar param: absent, removal, file, or invalid', () => {
    expect(avatarChange(undefined)).toEqual({ kind: 'none' })
    expect(avatarChange('')).toEqual({ kind: 'remove' })
    expect(avatarChange(null)).toEqual({ kind: 'remove' })
    const empty = { kind: 'file', filename: '', type: '', size: 0, bytes: async () => new Uint8Array() } as const
    expect(avatarChange(empty)).toEqual({ kind: 'remove' })
    expect(avatarChange({ ...empty, filename: 'a.png', size: 3 }).kind).toBe('file')
    expect(() => avatarChange('not a file')).toThrow()
  })
})

describe('group settings', () => {
  it('fills defaults and ignores unknown or corrupt stored values', () => {
    expect(groupSettings({ settings: '{}' })).toEqual(GROUP_SETTING_DEFAULTS)
    expect(groupSettings({ settings: 'not json' })).toEqual(GROUP_SETTING_DEFAULTS)
    const s = groupSettings({ settings: '{"lfs_enabled":false,"bogus":1}' })
    expect(s.lfs_enabled).toBe(false)
    expect(s).not.toHaveProperty('bogus')
  })

  it('merges changes into the stored keys only', () => {
    expect(JSON.parse(mergeSettings({ settings: '{"a_key":1}' }, { lfs_enabled: false }))).toEqual({
      a_key: 1,
      lfs_enabled: false,
    })
  })

  it("maps default_branch_protection to GitLab's hash", () => {
    expect(protectionDefaults(0)).toMatchObject({ allow_force_push: true, allowed_to_push: [{ access_level: 30 }] })
    expect(protectionDefaults(2)).toMatchObject({
      allow_force_push: false,
      allowed_to_push: [{ access_level: 40 }],
      allowed_to_merge: [{ access_level: 40 }],
    })
    expect(protectionDefaults(4).developer_can_initial_push).toBe(true)
  })
})

describe('similarity order', () => {
  it('puts exact matches first, then prefixes, then the rest, each by name', () => {
    const rows = [
      { id: 1, name: 'my ops', path: 'my-ops' },
      { id: 2, name: 'opsy', path: 'opsy' },
      { id: 3, name: 'Ops', path: 'x' },
      { id: 4, name: 'aa-ops', path: 'aa-ops' },
    ]
    expect(bySimilarity('ops', rows).map((r) => r.id)).toEqual([3, 2, 4, 1])
  })
})
