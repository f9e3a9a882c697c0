// The response contract: every endpoint declares its success response (status and body schema, see
// ResponseSpec — `response` is a required field of endpoint(), so an undeclared one does not
// compile). The integration suite checks every declared response against what is served.
import { describe, expect, it } from 'vitest'
import { allEndpoints } from '../endpoints'
import { openapiDocument } from '../openapi/document'

describe('response declarations', () => {
  it('every endpoint declares its response, also at runtime (the table may hold hand-built objects)', () => {
    expect(allEndpoints.filter((e) => !(e.response as unknown)).map((e) => `${e.method} ${e.path}`)).toEqual([])
  })

  it('puts declared bodies into the OpenAPI document with pagination headers on lists', () => {
    const doc = openapiDocument(allEndpoints) as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              { content?: { 'application/json': { schema: { type?: string } } }; headers?: Record<string, unknown> }
            >
          }
        >
      >
    }
    const list = doc.paths['/namespaces']!.get!.responses['200']!
    expect(list.content!['application/json'].schema.type).toBe('array')
    expect(Object.keys(list.headers!)).toEqual(expect.arrayContaining(['X-Total', 'X-Next-Page', 'Link']))
    expect(doc.paths['/application/settings']!.put!.responses['200']!.content!['application/json'].schema.type).toBe(
      'object',
    )
  })
})
