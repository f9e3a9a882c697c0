import { describe, expect, it } from 'vitest'
import { endpoint } from './endpoint'
import { Router } from './router'
import { noContent } from './reply'
import { allEndpoints } from '../endpoints'

const e = (method: 'GET' | 'POST', path: string) =>
  endpoint({ method, path, summary: path, auth: 'public', response: { body: null }, handler: async () => noContent() })
const router = new Router([
  e('GET', '/projects/:id'),
  e('GET', '/projects/:id/members/:user_id'),
  e('GET', '/projects/:id/members/all'),
  e('POST', '/projects'),
])

describe('Router', () => {
  it('matches encoded paths as one segment and decodes it', () => {
    expect(router.match('GET', '/projects/group%2Fsub%2Fp')?.pathParams).toEqual({ id: 'group/sub/p' })
    expect(router.match('GET', '/projects/group/sub/p')).toBeNull()
  })
  it('prefers literal segments and maps HEAD to GET', () => {
    expect(router.match('GET', '/projects/1/members/all')?.endpoint.path).toBe('/projects/:id/members/all')
    expect(router.match('GET', '/projects/1/members/7')?.pathParams).toEqual({ id: '1', user_id: '7' })
    expect(router.match('HEAD', '/projects/1')?.endpoint.path).toBe('/projects/:id')
  })
  it('rejects wrong methods, empty segments and malformed escapes', () => {
    expect(router.match('DELETE', '/projects/1')).toBeNull()
    expect(router.match('GET', '/projects//members/all')).toBeNull()
    expect(router.match('GET', '/projects/%E0%A4%A')).toBeNull()
  })
  it('refuses two routes of one shape: the second could never match', () => {
    expect(() => new Router([e('GET', '/groups/:id/projects'), e('GET', '/groups/:group_id/projects')])).toThrow(
      'GET /groups/:group_id/projects has the shape of GET /groups/:id/projects: one of them can never match',
    )
    expect(() => new Router([e('GET', '/groups/:id'), e('POST', '/groups/:group_id')])).not.toThrow()
  })
  it('backtracks from a literal that leads nowhere to a parameter', () => {
    const r = new Router([e('GET', '/groups/:id/projects'), e('GET', '/groups/all/members/:user_id')])
    expect(r.match('GET', '/groups/all/projects')).toEqual({
      endpoint: expect.objectContaining({ path: '/groups/:id/projects' }),
      pathParams: { id: 'all' },
    })
    expect(r.match('GET', '/groups/all/members/3')?.pathParams).toEqual({ user_id: '3' })
    expect(r.match('GET', '/groups/all/members')).toBeNull()
  })
  it('takes the whole endpoint table: no two routes of one shape', () => {
    expect(() => new Router(allEndpoints)).not.toThrow()
  })
})
