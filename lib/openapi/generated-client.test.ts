// lib/openapi/generated/api.ts is what openapi-typescript makes of our document today; the type
// check in generated-client.check.ts is only as good as that file is fresh.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { allEndpoints } from '../endpoints'
import { openapiTypesSource } from './generated-source'

describe('generated client types', () => {
  it('are up to date with the OpenAPI document (else: npm run gen:openapi)', async () => {
    const committed = readFileSync(path.join(import.meta.dirname, 'generated', 'api.ts'), 'utf8')
    expect(
      committed === (await openapiTypesSource(allEndpoints)),
      'lib/openapi/generated/api.ts is stale: run `npm run gen:openapi`',
    ).toBe(true)
    // Builds the whole document and formats the types: 1.5 s alone, over 5 s on a loaded machine.
  }, 60_000)
})
