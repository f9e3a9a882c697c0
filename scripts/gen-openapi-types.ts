// Writes lib/openapi/generated/api.ts: openapi-typescript's types for our own OpenAPI document, the
// "generated client" side of the contract. lib/openapi/generated-client.check.ts holds every named
// endpoint's declared body against these types, and lib/openapi/generated-client.test.ts fails when
// this file is stale (run `npm run gen:openapi` after changing an endpoint).
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { allEndpoints } from '../lib/endpoints'
import { openapiTypesSource } from '../lib/openapi/generated-source'

const out = path.join(import.meta.dirname, '..', 'lib', 'openapi', 'generated', 'api.ts')
writeFileSync(out, await openapiTypesSource(allEndpoints))
console.log(`wrote ${path.relative(process.cwd(), out)}`)
