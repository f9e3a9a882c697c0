import { z } from 'zod'

/** GET /version. */
export const versionSchema = z.strictObject({ version: z.string(), revision: z.string() })

/** GET /metadata (kas keeps GitLab's camelCase keys). */
export const metadataSchema = z.strictObject({
  version: z.string(),
  revision: z.string(),
  kas: z.strictObject({
    enabled: z.boolean(),
    externalUrl: z.string().nullable(),
    externalK8sProxyUrl: z.string().nullable(),
    version: z.string().nullable(),
  }),
  enterprise: z.boolean(),
})
