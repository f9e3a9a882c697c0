import { describe, expect, it } from 'vitest'
import { extendObject, jsonFragment, jsonObject, JsonMembers, stringifyBody } from './json-fragment'

describe('JSON fragments', () => {
  const entity = {
    id: 1,
    name: 'a "quoted" \u2028 name',
    created_at: new Date('2024-01-02T03:04:05.678Z'),
    gone: undefined,
    nested: { list: [1, null] },
  }

  it('serializes members exactly as JSON.stringify serializes the object', () => {
    expect(JsonMembers.of(entity).object).toBe(JSON.stringify(entity))
    expect(jsonObject(JsonMembers.of({})).json).toBe('{}')
  })

  it('composes cached members with per-request ones into valid JSON, in order', () => {
    const cached = JsonMembers.of(entity)
    const f = jsonObject(cached, {}, { permissions: { project_access: null } })
    expect(JSON.parse(f.json)).toEqual({ ...JSON.parse(JSON.stringify(entity)), permissions: { project_access: null } })
    expect(Object.keys(JSON.parse(f.json)).at(-1)).toBe('permissions')
    const more = extendObject(f, { custom_attributes: [{ key: 'k', value: '}' }] })
    expect(JSON.parse(more.json).custom_attributes).toEqual([{ key: 'k', value: '}' }])
    expect(JSON.parse(jsonObject(JsonMembers.of({}), { a: 1 }).json)).toEqual({ a: 1 })
  })

  it('splices fragments into list bodies and parses for in-process callers', () => {
    const list = [jsonObject({ a: 1 }), { b: 2 }, jsonFragment('[3]')]
    expect(stringifyBody(list)).toBe('[{"a":1},{"b":2},[3]]')
    expect(JSON.parse(JSON.stringify(list))).toEqual([{ a: 1 }, { b: 2 }, [3]])
  })
})
