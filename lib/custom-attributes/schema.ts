import { z } from 'zod'

/** Entities::CustomAttribute. */
export const customAttributeSchema = z.strictObject({ key: z.string(), value: z.string() })
export type CustomAttributeJson = z.infer<typeof customAttributeSchema>
