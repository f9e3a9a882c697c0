// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, else the outbox under $DATA_DIR.
// Bodies may hold secrets (invitation tokens): never log them, only the recipient and the subject.
import type { Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import { config } from '../config'
import { logger } from '../runtime/log'
import { writeOutbox } from './outbox'
import type { MailMessage } from './types'
import { processState } from '../util/process-state'

export type { MailMessage } from './types'
export { outboxSize } from './outbox'

const g = processState('mail.transport', () => ({
  current: undefined as { url: string; transport: Transporter<SMTPTransport.SentMessageInfo> } | undefined,
}))

// Mail goes out inside the request that caused it: a dead SMTP server must fail it in seconds,
// not after nodemailer's two-minute defaults. An SMTP_URL may set its own (`?socketTimeout=…`).
const TIMEOUTS = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' }

function withTimeouts(url: string): string {
  const u = new URL(url)
  for (const [k, v] of Object.entries(TIMEOUTS)) if (!u.searchParams.has(k)) u.searchParams.set(k, v)
  return u.toString()
}

// nodemailer is loaded with the first SMTP delivery: start-up does not pay for it.
async function transport(url: string): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
  if (g.current?.url !== url) {
    const { default: nodemailer } = await import('nodemailer')
    g.current = { url, transport: nodemailer.createTransport(withTimeouts(url)) }
  }
  return g.current.transport
}

/** SMTP deliveries of this process since it started (mail is sent inline: there is no queue to ask). */
export interface MailDeliveryStats {
  sent: number
  failed: number
  lastSentAt: Date | null
  lastFailure: { at: Date; error: string } | null
}
const stats = processState<MailDeliveryStats>('mail.deliveries', () => ({
  sent: 0,
  failed: 0,
  lastSentAt: null,
  lastFailure: null,
}))

export const mailDeliveryStats = (): Readonly<MailDeliveryStats> => ({ ...stats })

export interface SentMail {
  via: 'smtp' | 'outbox'
  id: string
}

export async function sendMail(message: MailMessage): Promise<SentMail> {
  const { smtpUrl, mailFrom } = config()
  if (!smtpUrl) {
    const entry = await writeOutbox(message, mailFrom)
    return { via: 'outbox', id: entry.id }
  }
  try {
    const info = await (await transport(smtpUrl)).sendMail({ from: mailFrom, ...message })
    stats.sent++
    stats.lastSentAt = new Date()
    return { via: 'smtp', id: info.messageId }
  } catch (e) {
    stats.failed++
    stats.lastFailure = { at: new Date(), error: (e as Error).message }
    throw e
  }
}

/** For callers that must not fail because mail could not go out (the row is written already). */
export async function trySendMail(message: MailMessage): Promise<SentMail | null> {
  try {
    return await sendMail(message)
  } catch (e) {
    logger().warn({ to: message.to, subject: message.subject, err: (e as Error).message }, 'mail not sent')
    return null
  }
}
