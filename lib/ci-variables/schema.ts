import { z } from 'zod'

/** Entities::Ci::Variable (project and group variables alike). */
export const ciVariableSchema = z.strictObject({
  variable_type: z.enum(['env_var', 'file']),
  key: z.string(),
  value: z.string(),
  hidden: z.boolean(),
  protected: z.boolean(),
  masked: z.boolean(),
  raw: z.boolean(),
  environment_scope: z.string(),
  description: z.string().nullable(),
})
export type CiVariableJson = z.infer<typeof ciVariableSchema>
