// What a CI job runs, as stored in Job.options: written by pipeline creation from the CI
// configuration (lib/ci-config), read by the runner protocol to build the job payload.
import { z } from 'zod'

export const jobSpec = z.object({
  script: z.array(z.string()).default([]),
  before_script: z.array(z.string()).default([]),
  after_script: z.array(z.string()).default([]),
  /** The job's own variables (`variables:` of the job merged over the configuration's top level). */
  variables: z.array(z.object({ key: z.string(), value: z.string() })).default([]),
  /** Seconds, from the job's `timeout:`; null = the project's build timeout. */
  timeout: z.number().int().positive().nullable().default(null),
  image: z.string().nullable().default(null),
})
export type JobSpec = z.infer<typeof jobSpec>

export function parseJobSpec(json: string): JobSpec {
  try {
    return jobSpec.parse(JSON.parse(json))
  } catch {
    return jobSpec.parse({})
  }
}
