// The "Add a SAML group link" form validates with the endpoint's own params (lib/saml/schema.ts), so
// the browser and the API coerce and reject the role alike; the name gets a form-friendly message.
import { z } from 'zod'
import { levelName } from '@/lib/auth/access-levels'
import { createLinkParams, LINK_LEVELS } from '@/lib/saml/schema'

export const linkFormSchema = createLinkParams.pick({ access_level: true }).extend({
  saml_group_name: z.string().trim().min(1, "SAML group name can't be blank"),
  provider: z.string().trim(),
})
export type LinkFormInput = z.input<typeof linkFormSchema>
export type LinkFormOutput = z.output<typeof linkFormSchema>

export const linkFormDefaults = (): LinkFormInput => ({ saml_group_name: '', provider: '', access_level: '10' })

/** No access (0) grants nothing; GitLab's form offers Minimal access up to Owner. */
export const LINK_ROLE_OPTIONS = LINK_LEVELS.filter((l) => l > 0).map((value) => ({ value, label: levelName(value) }))

export interface SamlGroupLink {
  name: string
  access_level: number
  member_role_id: number | null
  provider: string | null
}
