import { z } from 'zod'
import type { Endpoint } from '../api/endpoint'
import { endpoint } from '../api/endpoint'
import { openapiDocument } from './document'

export const openapiEndpoints = (all: () => readonly Endpoint[]) => {
  let cached: ReturnType<typeof openapiDocument> | undefined
  return [
    endpoint({
      method: 'GET',
      path: '/openapi.json',
      summary: 'This OpenAPI document',
      auth: 'public',
      response: { body: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }) },
      handler: async () => (cached ??= openapiDocument(all())),
    }),
  ]
}
