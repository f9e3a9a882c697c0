import { describe, expect, it } from 'vitest'
import { endpoints } from './generated/endpoint-refs'
import { prepareCall, queryString } from './endpoint-call'

describe('prepareCall', () => {
  it('fills path params encoded and puts the rest in the query on GET', () => {
    expect(prepareCall(endpoints.protectedBranch.show, { id: 'a/b', name: 'release/*' })).toEqual({
      method: 'GET',
      path: '/projects/a%2Fb/protected_branches/release%2F*',
    })
    expect(prepareCall(endpoints.protectedBranch.list, { id: 7, page: 2, search: '' })).toEqual({
      method: 'GET',
      path: '/projects/7/protected_branches?page=2',
    })
  })

  it('sends the remaining params as the JSON body on writes, none when nothing remains', () => {
    expect(prepareCall(endpoints.protectedBranch.update, { id: 7, name: 'main', allow_force_push: true })).toEqual({
      method: 'PATCH',
      path: '/projects/7/protected_branches/main',
      json: { allow_force_push: true },
    })
    expect(prepareCall(endpoints.pipelineSchedule.play, { id: 7, pipeline_schedule_id: 3 })).toEqual({
      method: 'POST',
      path: '/projects/7/pipeline_schedules/3/play',
      json: undefined,
    })
  })

  it('refuses a call without a path param', () => {
    expect(() => prepareCall(endpoints.project.show, {})).toThrow(/:id/)
  })
})

describe('queryString', () => {
  it('writes arrays and nested objects as Rails does, skipping empty values', () => {
    expect(queryString({ scope: ['a', 'b'], filter: { environment_scope: 'prod' }, x: '', y: null, z: 0 })).toBe(
      '?scope%5B%5D=a&scope%5B%5D=b&filter%5Benvironment_scope%5D=prod&z=0',
    )
  })
})
