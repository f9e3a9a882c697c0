// The settings console's pure parts (components/settings): API error bodies → fields, form value
// conversions, the "modified" comparison and the section schema the browser validates with.
import { describe, expect, it } from 'vitest'
import { settingsErrorsOf } from '@/components/settings/apply-settings-errors'
import { sectionSchema } from '@/components/settings/section-schema'
import { differsFromDefault, fromFormValue, sectionDefs, toFormValue } from '@/components/settings/setting-values'
import { SETTINGS_BY_KEY } from '@/lib/settings/definitions'

const def = (key: string) => SETTINGS_BY_KEY.get(key)!

describe('settingsErrorsOf', () => {
  it('splits Grape parameter errors by key', () => {
    expect(settingsErrorsOf({ error: 'max_login_attempts is invalid, terms is missing' })).toEqual({
      fields: { max_login_attempts: ['is invalid'], terms: ['is missing'] },
      other: [],
    })
  })
  it('reads model validations per key', () => {
    expect(
      settingsErrorsOf({ message: { max_attachment_size: ['must be greater than or equal to 1'] } }).fields,
    ).toEqual({
      max_attachment_size: ['must be greater than or equal to 1'],
    })
  })
  it('keeps messages naming no key apart', () => {
    expect(settingsErrorsOf({ message: '403 Forbidden' })).toEqual({ fields: {}, other: ['403 Forbidden'] })
  })
})

describe('form values', () => {
  it('round-trips lists, hashes and nullable strings', () => {
    expect(toFormValue(def('disabled_oauth_sign_in_sources'), ['a', 'b'])).toBe('a\nb')
    expect(fromFormValue(def('disabled_oauth_sign_in_sources'), ' a \n\nb ')).toEqual(['a', 'b'])
    expect(fromFormValue(def('sign_in_restrictions'), '{"x": 1}')).toEqual({ x: 1 })
    expect(fromFormValue(def('after_sign_out_path'), '')).toBeNull()
    expect(fromFormValue(def('terms'), '')).toBe('')
    expect(fromFormValue(def('max_attachment_size'), ' ')).toBeUndefined()
  })
  it('compares with the default, empty forms alike', () => {
    expect(differsFromDefault(def('after_sign_out_path'), null)).toBe(false)
    expect(differsFromDefault(def('after_sign_out_path'), 'https://x.test')).toBe(true)
    expect(differsFromDefault(def('max_attachment_size'), '100')).toBe(false)
    expect(differsFromDefault(def('max_attachment_size'), '101')).toBe(true)
    expect(differsFromDefault(def('repository_storages_weighted'), { default: 100 })).toBe(false)
  })
})

describe('sectionSchema', () => {
  const defs = sectionDefs('general')
  const values = Object.fromEntries(defs.map((d) => [d.key, toFormValue(d, d.default)]))
  it('accepts the defaults and coerces to API values', () => {
    const r = sectionSchema(defs).safeParse({ ...values, max_attachment_size: '42' })
    expect(r.success).toBe(true)
    expect(r.data?.max_attachment_size).toBe(42)
  })
  it('rejects types, enums and ranges on their own field', () => {
    const r = sectionSchema(defs).safeParse({
      ...values,
      max_attachment_size: '0',
      default_project_visibility: 'secret',
      sign_in_restrictions: '{',
    })
    expect(r.success).toBe(false)
    const byKey = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]))
    expect(byKey.default_project_visibility).toBe('Default project visibility does not have a valid value')
    expect(byKey.sign_in_restrictions).toMatch(/^Sign in restrictions is not valid JSON: /)
    // A type error elsewhere does not hide a range error: every invalid field at once.
    expect(byKey.max_attachment_size).toBe('Max attachment size must be greater than or equal to 1')
    expect(Object.keys(byKey).sort()).toEqual([
      'default_project_visibility',
      'max_attachment_size',
      'sign_in_restrictions',
    ])
  })
  it('checks ranges alone when types pass', () => {
    const r = sectionSchema(defs).safeParse({ ...values, max_attachment_size: '0' })
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Max attachment size must be greater than or equal to 1'])
  })
  it('says a hash must be a JSON object', () => {
    const r = sectionSchema(defs).safeParse({ ...values, sign_in_restrictions: '[1]' })
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Sign in restrictions must be a JSON object ({ … })'])
  })
  it('reads checkbox groups and tokens (one entry per line) as lists', () => {
    const r = sectionSchema(defs).safeParse({
      ...values,
      restricted_visibility_levels: 'internal\npublic',
      domain_allowlist: 'a.example.com\nb.example.com',
    })
    expect(r.data?.restricted_visibility_levels).toEqual(['internal', 'public'])
    expect(r.data?.domain_allowlist).toEqual(['a.example.com', 'b.example.com'])
  })
})
