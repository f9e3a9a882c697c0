// Parameters of the broadcast message endpoints (Grape's declarations in lib/api/broadcast_messages.rb).
// Model validations (blank message, colours, dates, path length) live in rules.ts and run in the
// service, so they come back as {"message":{field:[…]}} rather than Grape's {"error": …}.
import { z } from 'zod'
import { int, time } from '../api/json-types'
import { p } from '../api/param-types'
import { BROADCAST_TYPES, TARGET_LEVELS, THEMES } from './rules'

/** An array or a comma string ("10,30"); every value one of the roles. */
export const targetLevels = p
  .intList()
  .refine((levels) => levels.every((l) => (TARGET_LEVELS as readonly number[]).includes(l)), {
    params: { grape: 'does not have a valid value' },
  })

/** Grape keeps "" for String params (it blanks only other types); null means absent. */
const text = () => z.preprocess((v) => (v === null ? undefined : v), z.string().optional())

const fields = {
  starts_at: p.optional(p.date()),
  ends_at: p.optional(p.date()),
  color: text(),
  font: text(),
  target_access_levels: p.optional(targetLevels),
  target_path: text(),
  broadcast_type: p.optional(p.enum(BROADCAST_TYPES)),
  dismissable: p.optional(p.bool()),
  theme: p.optional(p.enum(THEMES)),
}

export const createBroadcastParams = z.object({ message: p.string(), ...fields })
export type CreateBroadcastParams = z.infer<typeof createBroadcastParams>

export const updateBroadcastParams = z.object({ id: p.int(), message: text(), ...fields })
export type UpdateBroadcastParams = z.infer<typeof updateBroadcastParams>

export const broadcastIdParams = z.object({ id: p.int() })

/** Entities::System::BroadcastMessage. */
export const broadcastMessageSchema = z.strictObject({
  id: int(),
  message: z.string(),
  starts_at: time(),
  ends_at: time(),
  color: z.string().nullable(),
  font: z.string().nullable(),
  target_access_levels: z.array(int()),
  target_path: z.string(),
  broadcast_type: z.string(),
  dismissable: z.boolean(),
  active: z.boolean(),
  theme: z.string(),
})
export type BroadcastMessageJson = z.infer<typeof broadcastMessageSchema>
