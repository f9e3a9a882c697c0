// Offset pagination headers and Link URLs, on lists this file fills itself (a group's projects and
// a group's members), per shared/reference §1.5.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createUser, unique, type ApiResponse } from '../helpers'

type Links = { rel: string; url: URL }[]

/** Parses a Link header into its entries, in order. */
function links(header: string | null): Links {
  if (!header) return []
  return header.split(', ').map((part) => {
    const m = /^<([^>]+)>; rel="(prev|next|first|last)"$/.exec(part)
    if (!m) throw new Error(`malformed Link entry: ${part}`)
    return { rel: m[2]!, url: new URL(m[1]!) }
  })
}

const pageHeaders = (h: Headers) =>
  Object.fromEntries(
    ['x-page', 'x-per-page', 'x-next-page', 'x-prev-page', 'x-total', 'x-total-pages'].map((k) => [k, h.get(k)]),
  )

let group: { id: number; full_path: string }
const projectIds: number[] = []
const projectsPath = () => `/groups/${group.id}/projects`

beforeAll(async () => {
  const path = unique('pg')
  group = (await api('POST', '/groups', { json: { name: path, path } })).body
  for (let i = 0; i < 5; i++) {
    const res = await api('POST', '/projects', { json: { name: `p${i} ${unique('x')}`, namespace_id: group.id } })
    expect(res.status).toBe(201)
    projectIds.push(res.body.id)
  }
})

describe('offset pagination headers', () => {
  it('sets X-* headers and a Link header in the order prev, next, first, last', async () => {
    const res = await api('GET', projectsPath(), { query: { per_page: 2, page: 2, order_by: 'id', sort: 'asc' } })
    expect(res.status).toBe(200)
    expect(res.body.map((p: { id: number }) => p.id)).toEqual(projectIds.slice(2, 4))
    expect(pageHeaders(res.headers)).toEqual({
      'x-page': '2',
      'x-per-page': '2',
      'x-next-page': '3',
      'x-prev-page': '1',
      'x-total': '5',
      'x-total-pages': '3',
    })

    const entries = links(res.headers.get('link'))
    expect(entries.map((l) => [l.rel, l.url.searchParams.get('page')])).toEqual([
      ['prev', '1'],
      ['next', '3'],
      ['first', '1'],
      ['last', '3'],
    ])
    for (const { url } of entries) {
      // Absolute, on EXTERNAL_URL, same path, other params and per_page kept.
      expect(`${url.origin}${url.pathname}`).toBe(`${process.env.EXTERNAL_URL}/api/v4${projectsPath()}`)
      expect(url.searchParams.get('per_page')).toBe('2')
      expect(url.searchParams.get('order_by')).toBe('id')
      expect(url.searchParams.get('sort')).toBe('asc')
      expect(url.searchParams.has('private_token')).toBe(false)
    }
    // Rails' to_query: keys in alphabetical order.
    const keys = [...entries[0]!.url.searchParams.keys()]
    expect(keys).toEqual([...keys].sort())
  })

  it('omits prev on the first page and next on the last', async () => {
    const first = await api('GET', projectsPath(), { query: { per_page: 2 } })
    expect(pageHeaders(first.headers)).toMatchObject({ 'x-page': '1', 'x-next-page': '2', 'x-prev-page': '' })
    expect(links(first.headers.get('link')).map((l) => l.rel)).toEqual(['next', 'first', 'last'])

    const last = await api('GET', projectsPath(), { query: { per_page: 2, page: 3 } })
    expect(last.body).toHaveLength(1)
    expect(pageHeaders(last.headers)).toMatchObject({
      'x-page': '3',
      'x-next-page': '',
      'x-prev-page': '2',
      'x-total-pages': '3',
    })
    expect(links(last.headers.get('link')).map((l) => l.rel)).toEqual(['prev', 'first', 'last'])
  })

  it('follows next links through every row exactly once', async () => {
    const seen: number[] = []
    let next: string | null = `${projectsPath()}?per_page=2&order_by=id&sort=asc`
    while (next) {
      const res: ApiResponse = await api('GET', next)
      seen.push(...res.body.map((p: { id: number }) => p.id))
      const n: Links[number] | undefined = links(res.headers.get('link')).find((l) => l.rel === 'next')
      next = n ? `${n.url.pathname.replace('/api/v4', '')}${n.url.search}` : null
    }
    expect(seen).toEqual(projectIds)
  })

  it('clamps per_page to 100 and defaults to 20', async () => {
    const big = await api('GET', projectsPath(), { query: { per_page: 1000 } })
    expect(big.headers.get('x-per-page')).toBe('100')
    expect(links(big.headers.get('link')).every((l) => l.url.searchParams.get('per_page') === '100')).toBe(true)
    const dflt = await api('GET', projectsPath())
    expect(pageHeaders(dflt.headers)).toMatchObject({
      'x-page': '1',
      'x-per-page': '20',
      'x-total': '5',
      'x-total-pages': '1',
      'x-next-page': '',
    })
  })

  it('answers a page past the end with [] and an empty X-Next-Page', async () => {
    const res = await api('GET', projectsPath(), { query: { per_page: 2, page: 9 } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
    expect(pageHeaders(res.headers)).toEqual({
      'x-page': '9',
      'x-per-page': '2',
      'x-next-page': '',
      'x-prev-page': '8',
      'x-total': '5',
      'x-total-pages': '3',
    })
  })

  it('reports a non-integer page or per_page in Grape shape', async () => {
    const res = await api('GET', projectsPath(), { query: { page: 'abc' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'page is invalid' })
    expect((await api('GET', projectsPath(), { query: { per_page: '1.5' } })).body).toEqual({
      error: 'per_page is invalid',
    })
  })

  it('refuses offsets beyond 50000 on lists that offer keyset (405)', async () => {
    const res = await api('GET', '/projects', { query: { page: 501, per_page: 100 } })
    expect(res.status).toBe(405)
    expect(res.body).toEqual({
      error:
        'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.',
    })
    expect((await api('GET', '/projects', { query: { page: 500, per_page: 100 } })).status).toBe(200)
  })

  it('treats page 0 as page 1', async () => {
    const res = await api('GET', projectsPath(), { query: { page: 0, per_page: 2 } })
    expect(res.headers.get('x-page')).toBe('1')
    expect(res.body).toHaveLength(2)
  })
})

describe('pagination on other lists', () => {
  it('pages group members the same way, keeping filters in the links', async () => {
    const users = []
    for (let i = 0; i < 3; i++) users.push(await createUser())
    for (const u of users)
      expect(
        (await api('POST', `/groups/${group.id}/members`, { json: { user_id: u.id, access_level: 30 } })).status,
      ).toBe(201)
    // root (owner) + 3 members
    const res = await api('GET', `/groups/${encodeURIComponent(group.full_path)}/members`, {
      query: { per_page: 3, query: 'user-' },
    })
    expect(pageHeaders(res.headers)).toEqual({
      'x-page': '1',
      'x-per-page': '3',
      'x-next-page': '',
      'x-prev-page': '',
      'x-total': '3',
      'x-total-pages': '1',
    })
    const all = await api('GET', `/groups/${group.id}/members`, { query: { per_page: 3 } })
    expect(all.headers.get('x-total')).toBe('4')
    const next = links(all.headers.get('link')).find((l) => l.rel === 'next')!
    expect(next.url.searchParams.get('page')).toBe('2')
    const second = await api('GET', `/groups/${group.id}/members${next.url.search}`)
    expect(second.body).toHaveLength(1)
    expect(second.body[0].id).toBe(users[2]!.id)

    const withQuery = await api('GET', `/groups/${group.id}/members`, { query: { per_page: 1, query: 'user-' } })
    for (const l of links(withQuery.headers.get('link'))) expect(l.url.searchParams.get('query')).toBe('user-')
  })

  it('paginates empty results with X-Total 0 and one total page', async () => {
    const res = await api('GET', projectsPath(), { query: { search: 'no-such-project-anywhere' } })
    expect(res.body).toEqual([])
    expect(pageHeaders(res.headers)).toEqual({
      'x-page': '1',
      'x-per-page': '20',
      'x-next-page': '',
      'x-prev-page': '',
      'x-total': '0',
      'x-total-pages': '1',
    })
    expect(links(res.headers.get('link')).map((l) => l.rel)).toEqual(['first', 'last'])
  })
})
