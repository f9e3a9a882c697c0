// Every endpoint of the product, in one table. Domains export their lists; the kernel derives the
// router, the in-process call and the OpenAPI document from this.
import type { Endpoint } from './api/endpoint'
import { metaEndpoints } from './meta/endpoints'
import { tokenEndpoints } from './tokens/endpoints'
import { userEndpoints } from './users/endpoints'
import { openapiEndpoints } from './openapi/endpoints'

const domainEndpoints: Endpoint[] = [...metaEndpoints, ...userEndpoints, ...tokenEndpoints]

export const allEndpoints: Endpoint[] = [...domainEndpoints, ...openapiEndpoints(() => allEndpoints)]
