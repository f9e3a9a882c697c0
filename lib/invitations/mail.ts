// The invitation e-mail: who invited whom to what, and the accept link (the only place the raw
// token exists; the database keeps its digest).
import { randomBytes } from 'node:crypto'
import { levelName } from '../auth/access-levels'
import { config } from '../config'
import { trySendMail, type SentMail } from '../mail'
import type { SourceInfo } from '../member-approvals/sources'

/** A fresh accept-link token (the database keeps only its digest). */
export const newInviteToken = () => randomBytes(32).toString('base64url')

export const acceptUrl = (token: string) => `${config().externalUrl}/-/invites/${token}`

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function invitationMail(
  to: string,
  token: string,
  source: SourceInfo,
  inviterName: string,
  accessLevel: number,
  expiresAt: Date | null,
) {
  const url = acceptUrl(token)
  const role = levelName(accessLevel)
  const what = `the ${source.name} ${source.kind}`
  const until = expiresAt ? ` until ${expiresAt.toISOString().slice(0, 10)}` : ''
  const intro = `${inviterName} invited you to join ${what} as ${role}${until}.`
  const lines = [
    intro,
    '',
    `Accept the invitation: ${url}`,
    '',
    'If you did not expect this invitation, you can ignore this e-mail.',
  ]
  return {
    to,
    subject: `Invitation to join ${what}`,
    text: lines.join('\n'),
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">Join ${escapeHtml(source.name)}</a></p><p>If you did not expect this invitation, you can ignore this e-mail.</p>`,
  }
}

export async function sendInvitationMails(mails: ReturnType<typeof invitationMail>[]): Promise<(SentMail | null)[]> {
  return Promise.all(mails.map((m) => trySendMail(m)))
}
