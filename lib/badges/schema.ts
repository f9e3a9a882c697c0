import { z } from 'zod'
import { int } from '../api/json-types'

/** Entities::Badge (`kind` is `group` or `project`); no badges are kept yet, so lists are empty. */
export const badgeSchema = z.strictObject({
  id: int(),
  name: z.string().nullable(),
  link_url: z.string(),
  image_url: z.string(),
  rendered_link_url: z.string(),
  rendered_image_url: z.string(),
  kind: z.enum(['group', 'project']),
})
