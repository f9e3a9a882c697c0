import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SECTIONS, SETTINGS, SETTINGS_BY_KEY, type SettingDef, type SettingType } from './definitions'

// The spec's Part B, kept as a fixture so the test runs on any clone; when shared/ sits beside the
// repository (as in CI), the fixture must still equal it, so a spec update is noticed.
const FIXTURE = path.resolve(import.meta.dirname, '../../test/fixtures/spec-part-b.txt')
const SHARED_SPEC = path.resolve(import.meta.dirname, '../../../shared/spec/001_f19676925405c8f4.txt')

function readSpec(): string {
  return readFileSync(FIXTURE, 'utf8')
}

describe('spec fixture', () => {
  it('matches shared/spec when it is present', () => {
    if (existsSync(SHARED_SPEC)) expect(readFileSync(SHARED_SPEC, 'utf8')).toBe(readSpec())
    else expect(readSpec()).toContain('### Application settings (administrator only)')
  })
})

interface TableRow {
  keys: string[]
  types: string[]
  notes: string
}

/** The attribute table of "### Application settings (administrator only)". */
function parseTable(spec: string): TableRow[] {
  const lines = spec.split('\n')
  const start = lines.findIndex((l) => l.startsWith('### Application settings (administrator only)'))
  if (start < 0) throw new Error('settings table heading not found in the spec')
  const end = lines.findIndex((l, i) => i > start && l.startsWith('### '))
  const rows: TableRow[] = []
  for (const line of lines.slice(start + 1, end < 0 ? undefined : end)) {
    if (!line.startsWith('|') || line.startsWith('| Attribute') || line.startsWith('|---')) continue
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim())
    const [first = '', type = '', notes = ''] = cells
    let keys: string[]
    if (first.startsWith('(')) {
      const m = /read-back name (\w+)/.exec(notes)
      if (!m?.[1]) throw new Error(`cannot resolve placeholder row ${first}`)
      keys = [m[1]]
    } else {
      const cleaned = first.replace(/`/g, '').replace(/\([^)]*\)/g, '')
      const parts = cleaned
        .split(/,|\band\b/)
        .map((p) => p.replace(/\bits\b/, '').trim())
        .filter(Boolean)
      const base = parts[0]!.replace(/_enabled$/, '')
      keys = parts.map((p) => (p.startsWith('_') ? base + p : p))
    }
    for (const k of keys) if (!/^[a-z0-9_]+$/.test(k)) throw new Error(`unparsed key "${k}" in row: ${line}`)
    rows.push({ keys, types: type.split(/,\s*/), notes })
  }
  return rows
}

/** The read-back attributes (with their JSON types) of "### Application settings". */
function parseReadBack(spec: string): { key: string; group: string }[] {
  const para = spec.split('\n').find((l) => l.startsWith('The read model is one object of attributes'))
  if (!para) throw new Error('read-back paragraph not found in the spec')
  const body = para.split('Removed attributes:')[0]!
  const out: { key: string; group: string }[] = []
  const typed = body.slice(body.indexOf('integers '), body.indexOf('. Three external'))
  for (const part of typed.split('; ')) {
    const group = part.split(' `')[0]!.trim()
    for (const m of part.matchAll(/`([a-z0-9_]+)`/g)) out.push({ key: m[1]!, group })
  }
  const rest = body.slice(body.indexOf('. Three external'))
  for (const m of rest.matchAll(/`([a-z0-9_]+)`/g)) out.push({ key: m[1]!, group: '' })
  return out.filter((e) => !['id', 'created_at', 'updated_at'].includes(e.key))
}

function removedAttributes(spec: string): string[] {
  const para = spec.split('\n').find((l) => l.startsWith('The read model is one object of attributes')) ?? ''
  return [...(para.split('Removed attributes:')[1] ?? '').matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]!)
}

function matchesType(type: SettingType, v: unknown): boolean {
  if (v === null) return true
  switch (type) {
    case 'boolean':
      return typeof v === 'boolean'
    case 'integer':
      return Number.isInteger(v)
    case 'float':
      return typeof v === 'number' && Number.isFinite(v)
    case 'string':
      return typeof v === 'string'
    case 'string_list':
      return Array.isArray(v) && v.every((x) => typeof x === 'string')
    case 'integer_list':
      return Array.isArray(v) && v.every((x) => Number.isInteger(x))
    case 'hash':
      return typeof v === 'object' && !Array.isArray(v)
  }
}

const SPEC_TYPES: Record<string, SettingType[]> = {
  boolean: ['boolean'],
  integer: ['integer'],
  string: ['string'],
  text: ['string'],
  'array of strings': ['string_list'],
  'string or array of strings': ['string_list'],
  hash: ['hash'],
  object: ['hash'],
  'hash of strings to integers': ['hash'],
  integers: ['integer'],
  booleans: ['boolean'],
  'strings or null': ['string'],
  number: ['float', 'integer'],
  arrays: ['string_list', 'integer_list'],
  hashes: ['hash'],
}

const missing = (keys: string[]) => [...new Set(keys)].filter((k) => !SETTINGS_BY_KEY.has(k))
const get = (key: string): SettingDef => SETTINGS_BY_KEY.get(key)!

describe('settings definitions', () => {
  it('has no duplicate keys and never defines id/created_at/updated_at', () => {
    const seen = new Set<string>()
    const dupes = SETTINGS.map((s) => s.key).filter((k) => (seen.has(k) ? true : (seen.add(k), false)))
    expect(dupes).toEqual([])
    expect(SETTINGS_BY_KEY.size).toBe(SETTINGS.length)
    for (const k of ['id', 'created_at', 'updated_at']) expect(SETTINGS_BY_KEY.has(k)).toBe(false)
  })

  it('defines every attribute of the spec table with its type', () => {
    const rows = parseTable(readSpec())
    expect(rows.length).toBeGreaterThan(100)
    expect(missing(rows.flatMap((r) => r.keys))).toEqual([])
    const wrong: string[] = []
    for (const row of rows) {
      row.keys.forEach((key, i) => {
        const specType = row.types.length === row.keys.length ? row.types[i]! : row.types.join(', ')
        const allowed = SPEC_TYPES[specType]
        if (!allowed) throw new Error(`unknown spec type "${specType}" for ${key}`)
        if (!allowed.includes(get(key).type)) wrong.push(`${key}: ${get(key).type} (spec: ${specType})`)
      })
    }
    expect(wrong).toEqual([])
  })

  it('defines every read-back attribute with its JSON type', () => {
    const spec = readSpec()
    const entries = parseReadBack(spec)
    expect(entries.length).toBeGreaterThan(100)
    expect(missing(entries.map((e) => e.key))).toEqual([])
    const wrong = entries
      .filter((e) => e.group && !(SPEC_TYPES[e.group] ?? []).includes(get(e.key).type))
      .map((e) => `${e.key}: ${get(e.key).type} (spec: ${e.group})`)
    expect(wrong).toEqual([])
    // The three diagram renderers: boolean <renderer>_enabled and nullable string <renderer>_url.
    for (const r of ['plantuml', 'kroki', 'diagramsnet']) {
      expect(get(`${r}_enabled`).type).toBe('boolean')
      expect(get(`${r}_url`).type).toBe('string')
    }
    // Removed attributes are gone.
    expect(removedAttributes(spec).filter((k) => SETTINGS_BY_KEY.has(k))).toEqual([])
  })

  it('points "required by" notes at the enabling flag and "requires" notes at their keys', () => {
    const wrong: string[] = []
    for (const row of parseTable(readSpec())) {
      const by = /required by (\w+)/.exec(row.notes)?.[1]
      if (by && SETTINGS_BY_KEY.has(by)) {
        for (const k of row.keys) if (!get(by).requires?.includes(k)) wrong.push(`${by} should require ${k}`)
      }
      const req = /\brequires ([^;]+)/.exec(row.notes)?.[1]
      if (req && row.keys.length === 1) {
        for (const m of req.matchAll(/[a-z0-9_]+/g)) {
          if (SETTINGS_BY_KEY.has(m[0]) && !get(row.keys[0]!).requires?.includes(m[0])) {
            wrong.push(`${row.keys[0]} should require ${m[0]}`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('has defaults matching their types, enums containing their defaults, existing requires', () => {
    const problems: string[] = []
    for (const s of SETTINGS) {
      if (!matchesType(s.type, s.default))
        problems.push(`${s.key}: default ${JSON.stringify(s.default)} is not ${s.type}`)
      if (s.enum && s.default !== null) {
        const values = Array.isArray(s.default) ? (s.default as unknown[]) : [s.default]
        for (const v of values)
          if (!s.enum.includes(v as string | number)) problems.push(`${s.key}: default ${String(v)} not in enum`)
      }
      if (typeof s.default === 'number') {
        if (s.min !== undefined && s.default < s.min) problems.push(`${s.key}: default below min`)
        if (s.max !== undefined && s.default > s.max) problems.push(`${s.key}: default above max`)
      }
      for (const r of s.requires ?? []) if (!SETTINGS_BY_KEY.has(r)) problems.push(`${s.key}: requires unknown ${r}`)
      if (s.requires && s.type !== 'boolean') problems.push(`${s.key}: requires on a non-boolean`)
      if (!SECTIONS.some((sec) => sec.id === s.section)) problems.push(`${s.key}: unknown section ${s.section}`)
      if (!s.label || !s.description) problems.push(`${s.key}: missing label or description`)
    }
    expect(problems).toEqual([])
  })

  it('holds the rules of the issue', () => {
    for (const k of ['default_project_visibility', 'default_group_visibility', 'default_snippet_visibility']) {
      expect(get(k)).toMatchObject({ type: 'string', default: 'private', enum: ['private', 'internal', 'public'] })
    }
    for (const k of [
      'domain_allowlist',
      'domain_denylist',
      'restricted_visibility_levels',
      'import_sources',
      'asset_proxy_allowlist',
      'disabled_oauth_sign_in_sources',
      'outbound_local_requests_whitelist',
    ]) {
      expect(['string_list', 'integer_list']).toContain(get(k).type)
    }
    const regexKeys = SETTINGS.filter((s) => s.key.endsWith('_regex') || s.key === 'email_restrictions')
    expect(regexKeys.length).toBeGreaterThanOrEqual(2)
    for (const s of regexKeys) expect(s.format).toBe('regex')
    expect(get('bulk_importing_enabled')).toMatchObject({ type: 'boolean', default: false })
    expect(get('admin_mode')).toMatchObject({ type: 'boolean', default: false })
    expect(get('throttle_authenticated_api_enabled')).toMatchObject({ default: false })
    expect(get('throttle_authenticated_api_requests_per_period')).toMatchObject({ default: 7200, min: 1 })
    expect(get('throttle_authenticated_api_period_in_seconds')).toMatchObject({ default: 3600, min: 1 })
    expect(get('throttle_unauthenticated_api_requests_per_period')).toMatchObject({ default: 3600, min: 1 })
    expect(get('max_attachment_size')).toMatchObject({ type: 'integer', default: 100 })
    expect(get('default_projects_limit')).toMatchObject({ type: 'integer', default: 100000 })
    expect(get('email_restrictions_enabled')).toMatchObject({ default: false, requires: ['email_restrictions'] })
    expect(get('email_restrictions')).toMatchObject({ type: 'string', default: '', format: 'regex' })
    expect(get('enforce_terms')).toMatchObject({ default: false, requires: ['terms'] })
    expect(get('terms')).toMatchObject({ type: 'string', default: '' })
    expect(get('after_sign_out_path').type).toBe('string')
    for (const s of SETTINGS.filter((x) => /^throttle_.*_(period_in_seconds|requests_per_period)$/.test(x.key))) {
      expect(s.min, s.key).toBe(1)
    }
  })

  it('is documented in docs/settings.md', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/settings.md'), 'utf8')
    expect(SETTINGS.filter((s) => !doc.includes(`| \`${s.key}\` |`)).map((s) => s.key)).toEqual([])
  })

  it('lists the console sections in the admin area order', () => {
    expect(SECTIONS.map((s) => s.id).slice(0, 8)).toEqual([
      'general',
      'integrations',
      'repository',
      'ci_cd',
      'reporting',
      'metrics',
      'network',
      'preferences',
    ])
    expect(new Set(SECTIONS.map((s) => s.id)).size).toBe(SECTIONS.length)
  })
})
