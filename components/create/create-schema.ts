// The fields a new group and a new project share, checked in the browser as the API will check them.
import { z } from 'zod'
import { pathFormatError } from '@/lib/console/new-resource'
import { VISIBILITIES } from '@/lib/groups/visibility-levels'

export const resourceFields = (topLevel: boolean) => ({
  name: z.string().trim().min(1, "Name can't be blank"),
  path: z.string().superRefine((path, ctx) => {
    const e = pathFormatError(path, topLevel)
    if (e) ctx.addIssue({ code: 'custom', message: `Path ${e}` })
  }),
  visibility_level: z.enum(VISIBILITIES, { message: 'Choose a visibility level' }),
  description: z.string(),
})
