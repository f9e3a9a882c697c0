import { z } from 'zod'

/** A job of a lint result (`include_jobs=true`); environment, only, except and needs are not modelled here. */
export const lintJobSchema = z.strictObject({
  name: z.string(),
  stage: z.string(),
  before_script: z.array(z.string()),
  script: z.array(z.string()),
  after_script: z.array(z.string()),
  tag_list: z.array(z.string()),
  environment: z.null(),
  when: z.string(),
  allow_failure: z.boolean(),
  only: z.null(),
  except: z.null(),
  needs: z.null(),
})
export type LintJobJson = z.infer<typeof lintJobSchema>

/** Entities::Ci::Lint::Result; `jobs` only with `include_jobs=true`, `merged_yaml` and `includes` null when invalid. */
export const lintResultSchema = z.strictObject({
  valid: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  merged_yaml: z.string().nullable(),
  includes: z.array(z.record(z.string(), z.unknown())).nullable(),
  jobs: z.array(lintJobSchema).optional(),
})
export type LintResultJson = z.infer<typeof lintResultSchema>
