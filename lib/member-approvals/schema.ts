import { z } from 'zod'
import { date, int, time } from '../api/json-types'
import { userBasicSchema } from '../users/schema'

/** A queued membership promotion as the admin console reviews it. */
export const memberApprovalSchema = z.strictObject({
  id: int(),
  source_type: z.enum(['project', 'group']),
  source_id: int(),
  source_name: z.string().nullable(),
  source_full_path: z.string().nullable(),
  user: userBasicSchema.nullable(),
  access_level: int(),
  expires_at: date().nullable(),
  requested_by: userBasicSchema.nullable(),
  reviewed_by: userBasicSchema.nullable(),
  status: z.string(),
  created_at: time(),
  updated_at: time(),
})
export type MemberApprovalJson = z.infer<typeof memberApprovalSchema>

/** One message of the mail outbox (lib/mail/outbox.ts OutboxEntry). */
export const outboxEntrySchema = z.strictObject({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  created_at: time(),
})
