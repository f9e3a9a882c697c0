// The create form validates with the endpoint's own schema (lib/tokens/schema.ts), so browser and
// API agree; name and scopes are tightened to give form-friendly messages before the round trip.
import { z } from 'zod'
import { TOKEN_SCOPES } from '@/lib/auth/scopes'
import { createTokenParams } from '@/lib/tokens/schema'

const PICK_SCOPE = 'Select at least one scope'

export const tokenFormSchema = createTokenParams.pick({ description: true, expires_at: true }).extend({
  name: z.string().trim().min(1, "Name can't be blank"),
  scopes: z.array(z.enum(TOKEN_SCOPES), { error: PICK_SCOPE }).min(1, PICK_SCOPE),
  // Group and project access tokens only: the bot's role (the API defaults to Maintainer).
  access_level: z.string().optional(),
})

export type TokenFormInput = z.input<typeof tokenFormSchema>
export type TokenFormOutput = z.output<typeof tokenFormSchema>

/** YYYY-MM-DD, `days` from today (UTC, as the API compares dates). */
export const isoDay = (days = 0) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10)
