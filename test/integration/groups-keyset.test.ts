import { describe, expect, it } from 'vitest'
import { api, unique } from '../helpers'
import { serverUrl } from '../setup/server'

describe('GET /groups keyset and skip_groups', () => {
  it('pages anonymous callers by name with a Link-only cursor', async () => {
    const prefix = unique('kg')
    const names = ['d', 'a', 'c', 'e', 'b'].map((x) => `${prefix}-${x}`)
    for (const n of names)
      expect((await api('POST', '/groups', { json: { name: n, path: n, visibility: 'public' } })).status).toBe(201)
    const seen: string[] = []
    let url: string | null =
      `${await serverUrl()}/api/v4/groups?pagination=keyset&order_by=name&sort=asc&per_page=2&search=${prefix}`
    while (url) {
      const res: Response = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-total')).toBeNull()
      seen.push(...((await res.json()) as { name: string }[]).map((g) => g.name))
      url = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null
    }
    expect(seen).toEqual([...names].sort())
  })

  it('refuses keyset where the spec does not offer it', async () => {
    const authed = await api('GET', '/groups', { query: { pagination: 'keyset', order_by: 'name', sort: 'asc' } })
    expect(authed.status).toBe(405)
    expect(authed.body).toEqual({ error: 'Keyset pagination is not yet available for this type of request' })
    expect(
      (await api('GET', '/groups', { token: null, query: { pagination: 'keyset', order_by: 'id', sort: 'asc' } }))
        .status,
    ).toBe(405)
  })

  it('leaves out skip_groups', async () => {
    const prefix = unique('sg')
    const ids: number[] = []
    for (const x of ['a', 'b', 'c'])
      ids.push((await api('POST', '/groups', { json: { name: `${prefix}-${x}`, path: `${prefix}-${x}` } })).body.id)
    const res = await api('GET', '/groups', {
      query: { search: prefix, skip_groups: [String(ids[0]), String(ids[2])] },
    })
    expect(res.body.map((g: { id: number }) => g.id)).toEqual([ids[1]])
  })
})
