import type { Endpoint } from '../api/endpoint'
import { endpoint } from '../api/endpoint'
import { openapiDocument } from './document'

export const openapiEndpoints = (all: () => readonly Endpoint[]) => {
  let cached: unknown
  return [
    endpoint({
      method: 'GET',
      path: '/openapi.json',
      summary: 'This OpenAPI document',
      auth: 'public',
      handler: async () => (cached ??= openapiDocument(all())),
    }),
  ]
}
