// The generated OpenAPI document must be a valid OpenAPI 3.1 document (swagger-parser validates it
// against the official schema and resolves every $ref), or tools built on it break.
import SwaggerParser from '@apidevtools/swagger-parser'
import type { OpenAPIV3_1 } from 'openapi-types'
import { describe, expect, it } from 'vitest'
import { allEndpoints } from '../endpoints'
import { openapiDocument } from './document'

describe('OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const doc = structuredClone(openapiDocument(allEndpoints)) as unknown as OpenAPIV3_1.Document
    const api = await SwaggerParser.validate(doc)
    expect((api as { openapi?: string }).openapi).toMatch(/^3\.1\./)
  })

  it('rejects a broken document (the check can fail)', async () => {
    const doc = structuredClone(openapiDocument(allEndpoints)) as {
      paths: Record<string, Record<string, { parameters: { in: string }[] }>>
    }
    doc.paths['/projects/{id}']!.get!.parameters[0]!.in = 'nowhere'
    await expect(SwaggerParser.validate(doc as unknown as OpenAPIV3_1.Document)).rejects.toThrow()
  })

  it('marks the epic-issue link endpoints deprecated (the spec moves them to work items) and nothing else', () => {
    const doc = openapiDocument(allEndpoints) as unknown as {
      paths: Record<string, Record<string, { deprecated?: boolean }>>
    }
    const deprecated = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => (op.deprecated ? [`${method.toUpperCase()} ${path}`] : [])),
    )
    expect(deprecated.sort()).toEqual([
      'DELETE /groups/{id}/epics/{epic_iid}/issues/{epic_issue_id}',
      'GET /groups/{id}/epics/{epic_iid}/issues',
      'POST /groups/{id}/epics/{epic_iid}/issues/{issue_id}',
      'PUT /groups/{id}/epics/{epic_iid}/issues/{epic_issue_id}',
    ])
  })
})
