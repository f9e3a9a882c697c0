import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from './errors'
import { p } from './param-types'
import { jsonNestedDeeperThan, MAX_JSON_DEPTH, mergeParams, parseQuery } from './params'
import { validateParams } from './validate'

describe('parseQuery (Rack nesting)', () => {
  it('handles arrays, hashes and arrays of hashes', () => {
    expect(parseQuery('a[]=1&a[]=2&h[k]=v&x=y')).toEqual({ a: ['1', '2'], h: { k: 'v' }, x: 'y' })
    expect(parseQuery('f[][k]=1&f[][v]=a&f[][k]=2&f[][v]=b')).toEqual({
      f: [
        { k: '1', v: 'a' },
        { k: '2', v: 'b' },
      ],
    })
    expect(mergeParams(parseQuery('f[0][k]=1&f[1][k]=2'), {}, {})).toEqual({ f: [{ k: '1' }, { k: '2' }] })
  })

  it('decodes + and percent escapes, keeps malformed escapes verbatim', () => {
    expect(parseQuery('q=a+b%2Bc&bad=%E0%A4%A')).toEqual({ q: 'a b+c', bad: '%E0%A4%A' })
  })

  it('never touches Object.prototype', () => {
    const out = parseQuery('__proto__[polluted]=1&constructor[prototype][x]=1&a[__proto__][y]=1')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(Object.keys(out)).toEqual([])
  })

  it('gives path params precedence over body over query', () => {
    expect(mergeParams({ id: 'q', a: 'q' }, { id: 'b', a: 'b' }, { id: 'p' })).toEqual({ id: 'p', a: 'b' })
  })
})

describe('param types and Grape error texts', () => {
  const schema = z.object({
    count: p.int(),
    flag: p.optional(p.bool()),
    when: p.optional(p.date()),
    level: p.optional(p.intIn([10, 20] as const)),
    sort: p.optional(p.enum(['asc', 'desc'])),
    list: p.optional(p.intList()),
  })
  const fails = (input: Record<string, unknown>) => {
    try {
      validateParams(schema, input)
    } catch (e) {
      return (e as ApiError).body
    }
    throw new Error('expected a failure')
  }

  it('coerces strings the way Grape does', () => {
    expect(validateParams(schema, { count: '12', flag: 'True', when: '2024-01-02', level: '20', list: '1,2' })).toEqual(
      {
        count: 12,
        flag: true,
        when: new Date('2024-01-02T00:00:00Z'),
        level: 20,
        list: [1, 2],
      },
    )
    for (const v of ['yes', 'on', 't', '1', true]) expect(validateParams(schema, { count: 1, flag: v }).flag).toBe(true)
    for (const v of ['no', 'off', 'f', '0', false])
      expect(validateParams(schema, { count: 1, flag: v }).flag).toBe(false)
  })

  it('treats blank optional values as absent', () => {
    expect(validateParams(schema, { count: 1, flag: '', sort: '' })).toEqual({ count: 1 })
  })

  it('renders missing, invalid and out-of-set values, joined', () => {
    expect(fails({})).toEqual({ error: 'count is missing' })
    expect(fails({ count: '12a', flag: 'maybe' })).toEqual({ error: 'count is invalid, flag is invalid' })
    expect(fails({ count: 1.5 })).toEqual({ error: 'count is invalid' })
    expect(fails({ count: '99999999999' })).toEqual({ error: 'count is invalid' })
    expect(fails({ count: 1, level: 25, sort: 'up' })).toEqual({
      error: 'level does not have a valid value, sort does not have a valid value',
    })
    expect(fails({ count: 1, when: '2024-13-45' })).toEqual({ error: 'when is invalid' })
    expect(fails({ count: 1, list: ['1', 'x'] })).toEqual({ error: 'list is invalid' })
  })
})

describe('deep input (issue 31, A8)', () => {
  it('converts indexed hashes at any depth without recursion', () => {
    let deep: Record<string, unknown> = { '1': 'b', '0': 'a' }
    for (let i = 0; i < 100_000; i++) deep = { k: deep }
    let out = mergeParams({}, deep, {}) as Record<string, unknown>
    for (let i = 0; i < 100_000; i++) out = out.k as Record<string, unknown>
    expect(out).toEqual(['a', 'b'])
    expect(mergeParams({}, { a: { '0': { '1': 'y', '0': 'x' } }, b: [{ '0': 'z' }], __proto__x: 1 }, {})).toEqual({
      a: [['x', 'y']],
      b: [['z']],
      __proto__x: 1,
    })
  })

  it('measures JSON nesting on the text, ignoring brackets in strings', () => {
    expect(jsonNestedDeeperThan('{"a":[[1]]}', 3)).toBe(false)
    expect(jsonNestedDeeperThan('{"a":[[[1]]]}', 3)).toBe(true)
    expect(jsonNestedDeeperThan('{"a":"[[[[\\"[[["}', 1)).toBe(false)
    expect(jsonNestedDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, MAX_JSON_DEPTH)).toBe(true)
  })

  it('refuses form keys nested past the limit, however long', () => {
    expect(() => parseQuery(`a${'[b]'.repeat(100_000)}=1`)).toThrow(ApiError)
    expect(parseQuery(`a${'[b]'.repeat(7)}=1`)).toEqual({ a: { b: { b: { b: { b: { b: { b: { b: '1' } } } } } } } })
  })
})
