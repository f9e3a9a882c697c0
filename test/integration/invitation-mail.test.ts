// Invitation e-mails over real SMTP (smtp-server on loopback, nodemailer as the client), the accept
// link they carry, and the outbox used when no SMTP server is configured.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../../lib/config'
import { getDb } from '../../lib/db'
import { listOutbox } from '../../lib/mail/outbox'
import { serverUrl } from '../setup/server'
import { api, createUser, unique } from '../helpers'

interface Received {
  from: string
  to: string[]
  raw: string
}

const received: Received[] = []
let smtp: SMTPServer

/** Quoted-printable soft breaks and escapes, enough to read the link back out of the message. */
const unQuote = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))

async function waitFor<T>(find: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const hit = find()
    if (hit !== undefined) return hit
    if (Date.now() > deadline) throw new Error('timed out waiting for mail')
    await new Promise((r) => setTimeout(r, 20))
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
  resetConfig()
})

afterAll(async () => {
  delete process.env.SMTP_URL
  resetConfig()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

describe('invitation e-mail', () => {
  it('is sent over SMTP with an accept link that makes the signed-in user a member', async () => {
    const path = unique('grp')
    const group = await api('POST', '/groups', { json: { name: `Mail ${path}`, path } })
    const to = `${unique('smtp')}@example.com`
    const res = await api('POST', `/groups/${group.body.id}/invitations`, { json: { email: to, access_level: 40 } })
    expect(res.body).toEqual({ status: 'success' })

    const mail = await waitFor(() => received.find((m) => m.to.includes(to)))
    const body = unQuote(mail.raw)
    expect(body).toContain(`Subject: Invitation to join the Mail ${path} group`)
    expect(body).toContain('Administrator invited you to join the Mail')
    const base = await serverUrl()
    const link = new RegExp(`${base.replace(/[.]/g, '\\.')}/-/invites/([A-Za-z0-9_-]{43})`).exec(body)
    expect(link, body).not.toBeNull()

    // The link itself: GitLab's /-/invites/<token> leads to the console's accept page.
    const hop = await fetch(link![0], { redirect: 'manual' })
    expect(hop.status).toBe(302)
    expect(hop.headers.get('location')).toBe(`/invites/${link![1]}`)

    const user = await createUser()
    const accepted = await api('POST', `/invites/${link![1]}/accept`, { token: user.token })
    expect(accepted.status).toBe(201)
    expect(accepted.body).toMatchObject({ source_type: 'group', access_level: 40, console_path: `/groups/${path}` })
    const db = await getDb()
    const m = await db.member.findUnique({
      where: { sourceType_sourceId_userId: { sourceType: 'Namespace', sourceId: group.body.id, userId: user.id } },
    })
    expect(m?.accessLevel).toBe(40)
  })

  it('resends with a new link; the old one stops working', async () => {
    const path = unique('grp')
    const group = await api('POST', '/groups', { json: { name: `Resend ${path}`, path } })
    const to = `${unique('resend')}@example.com`
    await api('POST', `/groups/${group.body.id}/invitations`, { json: { email: to, access_level: 30 } })
    const tokenOf = (m: Received) => /\/-\/invites\/([A-Za-z0-9_-]{43})/.exec(unQuote(m.raw))![1]
    const first = tokenOf(await waitFor(() => received.find((m) => m.to.includes(to))))
    const developer = await createUser()
    await api('POST', `/groups/${group.body.id}/members`, { json: { user_id: developer.id, access_level: 30 } })
    expect(
      (
        await api('POST', `/groups/${group.body.id}/invitations/${encodeURIComponent(to)}/resend`, {
          token: developer.token,
        })
      ).status,
    ).toBe(403)
    const resent = await api('POST', `/groups/${group.body.id}/invitations/${encodeURIComponent(to)}/resend`)
    expect([resent.status, resent.body]).toEqual([201, { status: 'success' }])
    const second = tokenOf(await waitFor(() => received.filter((m) => m.to.includes(to))[1]))
    expect(second).not.toBe(first)
    expect((await api('GET', `/invites/${first}`)).status).toBe(404)
    expect((await api('GET', `/invites/${second}`)).body).toMatchObject({ source_type: 'group', access_level: 30 })
    expect((await api('POST', `/groups/${group.body.id}/invitations/nobody%40example.com/resend`)).status).toBe(404)
  })

  it('goes to the outbox when SMTP_URL is unset, readable by administrators only', async () => {
    const saved = process.env.SMTP_URL
    delete process.env.SMTP_URL
    resetConfig()
    try {
      const project = await api('POST', '/projects', { json: { name: unique('proj') } })
      const to = `${unique('outbox')}@example.com`
      const before = received.length
      expect(
        (await api('POST', `/projects/${project.body.id}/invitations`, { json: { email: to, access_level: 30 } })).body,
      ).toEqual({ status: 'success' })
      const { items } = await listOutbox(0, 1000)
      const entry = items.find((m) => m.to === to)
      expect(entry).toMatchObject({
        subject: `Invitation to join the ${project.body.name} project`,
        created_at: expect.any(String),
      })
      expect(entry!.text).toMatch(/\/-\/invites\/[A-Za-z0-9_-]{43}/)
      expect(received.length).toBe(before)

      const listed = await api('GET', '/admin/outbox', { query: { per_page: 100 } })
      expect(listed.status).toBe(200)
      expect(listed.body.some((m: { to: string }) => m.to === to)).toBe(true)
      const user = await createUser()
      expect((await api('GET', '/admin/outbox', { token: user.token })).status).toBe(403)
    } finally {
      process.env.SMTP_URL = saved
      resetConfig()
    }
  })
})
