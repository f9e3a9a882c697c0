import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { endpointRefsFile, endpointRefsSource } from '../../scripts/gen-endpoint-refs'

describe('lib/console/endpoint-refs.ts', () => {
  it('is what the generator writes today (else: npm run gen:endpoint-refs)', async () => {
    expect(readFileSync(endpointRefsFile, 'utf8')).toBe(await endpointRefsSource())
    // Loading every domain's endpoints takes seconds on a busy machine.
  }, 60_000)
})
