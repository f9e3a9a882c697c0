// What a handler may return besides a plain JSON value (200, or 201 for POST as Grape does).
import { z } from 'zod'

export interface Reply {
  kind: 'reply'
  status: number
  body?: unknown
  /** Non-JSON body (plain text, files). */
  raw?: string | Uint8Array
  contentType?: string
  headers?: Record<string, string>
}

export const isReply = (v: unknown): v is Reply =>
  typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'reply'

export const reply = (status: number, body?: unknown, headers?: Record<string, string>): Reply => ({
  kind: 'reply',
  status,
  body,
  headers,
})
export const noContent = (): Reply => ({ kind: 'reply', status: 204 })
/** GitLab's success bodies from created!/accepted! (`{"message":"202 Accepted"}`). */
export const accepted = (): Reply => reply(202, { message: '202 Accepted' })
/** The response schema of a route answering `accepted()`. */
export const acceptedSchema = z.strictObject({ message: z.literal('202 Accepted') })
export const rawReply = (
  status: number,
  raw: string | Uint8Array,
  contentType: string,
  headers?: Record<string, string>,
): Reply => ({
  kind: 'reply',
  status,
  raw,
  contentType,
  headers,
})
