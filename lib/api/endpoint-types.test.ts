// The typed-endpoint helpers, pinned on a real declaration: what a caller may send (ParamsOf) and
// what it gets back (BodyOf) follow from the endpoint's zod schemas. vitest does not type-check;
// `tsc --noEmit` (npm test's typecheck step) enforces the expectTypeOf and @ts-expect-error lines.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { endpoints } from '../endpoints'
import type { BodyOf, ParamsOf } from './endpoint'

type ListParams = ParamsOf<typeof endpoints.protectedBranch.list>
type ShowBody = BodyOf<typeof endpoints.protectedBranch.show>

describe('typed endpoints', () => {
  it('derive the params a caller sends from the params schema, pagination included', () => {
    expectTypeOf<ListParams>().toHaveProperty('id')
    expectTypeOf<ListParams['id']>().toEqualTypeOf<string | number>()
    expectTypeOf<ListParams>().toHaveProperty('search')
    expectTypeOf<ListParams['search']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<ListParams['page']>().toEqualTypeOf<number | string | undefined>()
    expectTypeOf<ListParams['per_page']>().toEqualTypeOf<number | string | undefined>()
    // An offset-paginated endpoint does not take keyset's `pagination`.
    expectTypeOf<ListParams>().not.toHaveProperty('pagination')

    const ok: ListParams = { id: 'group/project', search: 'release-*', page: 2, per_page: 20 }
    const byNumber: ListParams = { id: 7 }
    expect([ok.id, byNumber.id]).toEqual(['group/project', 7])

    // @ts-expect-error `search` is a string
    const wrongType: ListParams = { id: 1, search: 5 }
    // @ts-expect-error `id` is required
    const missing: ListParams = { search: 'x' }
    // @ts-expect-error no such parameter
    const unknownKey: ListParams = { id: 1, serach: 'x' }
    expect([wrongType, missing, unknownKey]).toHaveLength(3)
  })

  it('derive the success body from the response schema', () => {
    expectTypeOf<ShowBody>().toHaveProperty('name').toEqualTypeOf<string>()
    expectTypeOf<ShowBody>().toHaveProperty('allow_force_push').toEqualTypeOf<boolean>()
    expectTypeOf<ShowBody['push_access_levels']>().toBeArray()
    expectTypeOf<BodyOf<typeof endpoints.protectedBranch.list>>().toEqualTypeOf<ShowBody[]>()
    // A 204 declares no JSON body.
    expectTypeOf<BodyOf<typeof endpoints.protectedBranch.remove>>().toEqualTypeOf<null>()
    // @ts-expect-error `name` is a string, not a number
    const wrong: ShowBody['name'] = 1
    expect(wrong).toBe(1)
  })
})
