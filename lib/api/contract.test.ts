// The response contract's ratchet: every endpoint declares its success response (status and body
// schema, see ResponseSpec), except those still listed in undeclared-responses.ts — a list that only
// shrinks. The integration suite checks every declared response against what is served.
import { describe, expect, it } from 'vitest'
import { allEndpoints } from '../endpoints'
import { openapiDocument } from '../openapi/document'
import { UNDECLARED_RESPONSES } from './undeclared-responses'

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`

describe('response declarations', () => {
  it('every endpoint outside the shrinking list declares its response', () => {
    const listed = new Set(UNDECLARED_RESPONSES)
    const missing = allEndpoints.filter((e) => !e.response && !listed.has(key(e))).map(key)
    expect(missing, 'declare `response` on these endpoints (new endpoints are born declared)').toEqual([])
  })

  it('lists no endpoint that has since been declared or removed', () => {
    const undeclared = new Set(allEndpoints.filter((e) => !e.response).map(key))
    expect(UNDECLARED_RESPONSES.filter((k) => !undeclared.has(k)), 'remove these from undeclared-responses.ts').toEqual([])
  })

  it('puts declared bodies into the OpenAPI document with pagination headers on lists', () => {
    const doc = openapiDocument(allEndpoints) as { paths: Record<string, Record<string, { responses: Record<string, { content?: { 'application/json': { schema: { type?: string } } }; headers?: Record<string, unknown> }> }>> }
    const list = doc.paths['/namespaces']!.get!.responses['200']!
    expect(list.content!['application/json'].schema.type).toBe('array')
    expect(Object.keys(list.headers!)).toEqual(expect.arrayContaining(['X-Total', 'X-Next-Page', 'Link']))
    expect(doc.paths['/application/settings']!.put!.responses['200']!.content!['application/json'].schema.type).toBe('object')
  })
})
