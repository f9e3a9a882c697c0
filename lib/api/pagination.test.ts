import { beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../config'
import { MAX_LINK_HEADER, offsetPage, keysetPage, pageWindow, paginationHeaders, toQuery } from './pagination'

beforeAll(() => {
  process.env.EXTERNAL_URL = 'https://gitlab.example.com'
  process.env.AUTH_SECRET = 'unit'
  resetConfig()
})

describe('pageWindow', () => {
  it('defaults to 20, clamps to 100 and treats page <= 0 as 1', () => {
    expect(pageWindow({})).toEqual({ page: 1, perPage: 20, skip: 0, take: 20 })
    expect(pageWindow({ page: 3, per_page: 1000 })).toEqual({ page: 3, perPage: 100, skip: 200, take: 100 })
    expect(pageWindow({ page: -2, per_page: 5 })).toMatchObject({ page: 1, skip: 0 })
  })
})

describe('toQuery', () => {
  it('sorts keys and renders arrays and hashes like Rails', () => {
    expect(toQuery({ b: '2', a: ['x', 'y'], h: { k: 'v' } })).toBe('a%5B%5D=x&a%5B%5D=y&b=2&h%5Bk%5D=v')
  })
})

describe('paginationHeaders', () => {
  it('emits the six headers and Link in prev, next, first, last order', () => {
    const h = paginationHeaders(offsetPage([1, 2], 7, pageWindow({ page: 2, per_page: 2 })), '/api/v4/projects', {
      search: 'x',
      private_token: 'secret',
    })
    expect(h['X-Page']).toBe('2')
    expect(h['X-Per-Page']).toBe('2')
    expect(h['X-Next-Page']).toBe('3')
    expect(h['X-Prev-Page']).toBe('1')
    expect(h['X-Total']).toBe('7')
    expect(h['X-Total-Pages']).toBe('4')
    expect(h.Link).toBe(
      [
        '<https://gitlab.example.com/api/v4/projects?page=1&per_page=2&search=x>; rel="prev"',
        '<https://gitlab.example.com/api/v4/projects?page=3&per_page=2&search=x>; rel="next"',
        '<https://gitlab.example.com/api/v4/projects?page=1&per_page=2&search=x>; rel="first"',
        '<https://gitlab.example.com/api/v4/projects?page=4&per_page=2&search=x>; rel="last"',
      ].join(', '),
    )
    expect(h.Link).not.toContain('secret')
  })

  it('omits totals and last above the count limit, and reports an empty last page', () => {
    const big = paginationHeaders(offsetPage([1], null, pageWindow({ per_page: 1 })), '/api/v4/x', {})
    expect(big['X-Total']).toBeUndefined()
    expect(big.Link).not.toContain('rel="last"')
    expect(big['X-Next-Page']).toBe('2')
    const empty = paginationHeaders(offsetPage([], 0, pageWindow({})), '/api/v4/x', {})
    expect(empty['X-Total-Pages']).toBe('1')
    expect(empty['X-Next-Page']).toBe('')
  })

  it('gives keyset pages only a next link', () => {
    expect(paginationHeaders(keysetPage([1], { id_after: 5 }), '/api/v4/projects', { pagination: 'keyset' })).toEqual({
      Link: '<https://gitlab.example.com/api/v4/projects?id_after=5&pagination=keyset>; rel="next"',
    })
    expect(paginationHeaders(keysetPage([], null), '/api/v4/projects', {})).toEqual({})
  })

  it('keeps the Link header readable by Node clients: a long query leaves out last, first and prev, never next', () => {
    const rels = (link: string) => [...link.matchAll(/rel="(\w+)"/g)].map((m) => m[1])
    const at = (username: string) =>
      paginationHeaders(offsetPage([1, 2], 9, pageWindow({ page: 2, per_page: 2 })), '/api/v4/users', { username })
        .Link!
    expect(rels(at('a'.repeat(100)))).toEqual(['prev', 'next', 'first', 'last'])
    expect(rels(at('a'.repeat(4500)))).toEqual(['prev', 'next'])
    const longest = at('a'.repeat(8000))
    expect(rels(longest)).toEqual(['next'])
    expect(longest.length).toBeLessThanOrEqual(MAX_LINK_HEADER)
  })
})
