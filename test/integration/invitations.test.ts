// Invitations of groups and projects: mixed per-address results, existing users added at once,
// pending invitations listed/changed/revoked, who may do it, GitLab's error texts, acceptance (on
// account creation, on sign-in, through the e-mail's link) and the promotion approval queue.
import { afterEach, describe, expect, it } from 'vitest'
import { authorizeLogin } from '../../lib/console/next-auth'
import { getDb } from '../../lib/db'
import { listOutbox, type OutboxEntry } from '../../lib/mail/outbox'
import { currentSettings, holdSettings } from '../../lib/settings/service'
import { api, createUser, gitlab, unique } from '../helpers'

type Kind = 'groups' | 'projects'
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const sourceType = (kind: Kind) => (kind === 'groups' ? 'Namespace' : 'Project')

async function createSource(kind: Kind, token?: string) {
  const path = unique(kind === 'groups' ? 'grp' : 'proj')
  const res =
    kind === 'groups'
      ? await api('POST', '/groups', { token, json: { name: `G ${path}`, path } })
      : await api('POST', '/projects', { token, json: { name: path } })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number; name: string }
}

const invite = (kind: Kind, id: number, json: Record<string, unknown>, token?: string) =>
  api('POST', `/${kind}/${id}/invitations`, { token, json })
const email = (prefix = 'inv') => `${unique(prefix)}@example.com`

/**
 * Instance settings for this worker only: the server runs in this process, so the settings cache
 * stands in for stored rows without disturbing test files running beside this one.
 */
async function withSettings(over: Record<string, unknown>) {
  const base = await currentSettings()
  holdSettings({ ...base, ...over }, 600_000)
}
afterEach(() => {
  holdSettings(undefined)
})

async function membership(kind: Kind, sourceId: number, userId: number) {
  const db = await getDb()
  return db.member.findUnique({
    where: { sourceType_sourceId_userId: { sourceType: sourceType(kind), sourceId, userId } },
  })
}

/** The outbox mail to `to` (written by this worker: SMTP_URL is unset here). */
async function mailTo(to: string): Promise<OutboxEntry> {
  const { items } = await listOutbox(0, 1000)
  const found = items.find((m) => m.to === to)
  if (!found) throw new Error(`no mail to ${to}`)
  return found
}
const tokenOf = (mail: OutboxEntry) => /\/-\/invites\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]

describe.each(['groups', 'projects'] as const)('%s invitations', (kind) => {
  it('answers per address: one valid e-mail invited, one invalid, and lists the pending one', async () => {
    const s = await createSource(kind)
    const good = email()
    const res = await invite(kind, s.id, { email: `${good},not-an-email`, access_level: 30, expires_at: day(30) })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ status: 'error', message: { 'not-an-email': 'Invite email is invalid' } })

    const list = await api('GET', `/${kind}/${s.id}/invitations`)
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total')).toBe('1')
    expect(list.body).toEqual([
      {
        id: expect.any(Number),
        invite_email: good,
        created_at: expect.any(String),
        access_level: 30,
        expires_at: day(30),
        user_name: null,
        created_by_name: 'Administrator',
      },
    ])
    expect(
      (await api('GET', `/${kind}/${s.id}/invitations`, { query: { query: good.toUpperCase() } })).body,
    ).toHaveLength(1)
    expect((await api('GET', `/${kind}/${s.id}/invitations`, { query: { query: 'other@example.com' } })).body).toEqual(
      [],
    )

    const mail = await mailTo(good)
    expect(mail.subject).toBe(`Invitation to join the ${s.name} ${kind === 'groups' ? 'group' : 'project'}`)
    expect(mail.text).toContain(`${process.env.EXTERNAL_URL}/-/invites/`)
    const db = await getDb()
    const row = await db.invitation.findFirstOrThrow({ where: { emailLower: good } })
    expect(row.tokenDigest).not.toBe(tokenOf(mail)) // only the digest is stored

    const again = await invite(kind, s.id, { email: good, access_level: 30 })
    expect(again.body).toEqual({
      status: 'error',
      message: { [good]: "The member's email address has already been taken" },
    })
  })

  it('makes existing users members at once (by user_id and by their e-mail), all succeeding', async () => {
    const s = await createSource(kind)
    const [a, b] = [await createUser(), await createUser()]
    const res = await invite(kind, s.id, { user_id: `${a.id}`, email: `${b.username}@example.com`, access_level: 20 })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ status: 'success' })
    expect((await membership(kind, s.id, a.id))?.accessLevel).toBe(20)
    expect((await membership(kind, s.id, b.id))?.accessLevel).toBe(20)
    expect((await api('GET', `/${kind}/${s.id}/invitations`)).body).toEqual([])

    const dup = await invite(kind, s.id, { user_id: a.id, access_level: 30 })
    expect(dup.body).toEqual({ status: 'error', message: { [a.username]: 'User already exists in source' } })
  })

  it('needs email or user_id and a valid access_level (400)', async () => {
    const s = await createSource(kind)
    const none = await invite(kind, s.id, { access_level: 30 })
    expect(none.status).toBe(400)
    expect(none.body).toEqual({ error: 'email, user_id are missing, at least one parameter must be provided' })
    const bad = await invite(kind, s.id, { email: email(), access_level: 25 })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'access_level does not have a valid value' })
    const missing = await invite(kind, s.id, { email: email() })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ error: 'access_level is missing' })
  })

  it('changes and revokes a pending invitation (PUT 200, DELETE 204, 404, 400)', async () => {
    const s = await createSource(kind)
    const e = email()
    await invite(kind, s.id, { email: e, access_level: 30 })
    const path = `/${kind}/${s.id}/invitations/${encodeURIComponent(e)}`
    const put = await api('PUT', path, { json: { access_level: 40, expires_at: day(10) } })
    expect(put.status, put.text).toBe(200)
    expect(put.body).toMatchObject({ access_level: 40, expires_at: day(10) })
    expect((await api('PUT', path, { json: {} })).body).toEqual({ message: '400 Bad request' })
    const missing = await api('PUT', `/${kind}/${s.id}/invitations/${encodeURIComponent('nobody@example.com')}`, {
      json: { access_level: 20 },
    })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ message: '404 Not Found' })

    const del = await api('DELETE', path)
    expect(del.status).toBe(204)
    expect((await api('DELETE', path)).status).toBe(404)
    expect((await api('GET', `/${kind}/${s.id}/invitations`)).body).toEqual([])
  })

  it('refuses developers (403) on every invitation route and 404s sources they cannot see', async () => {
    const s = await createSource(kind)
    const dev = await createUser()
    await api('POST', `/${kind}/${s.id}/members`, { json: { user_id: dev.id, access_level: 30 } })
    const e = email()
    await invite(kind, s.id, { email: e, access_level: 30 })
    const path = `/${kind}/${s.id}/invitations`
    expect((await invite(kind, s.id, { email: email(), access_level: 30 }, dev.token)).status).toBe(403)
    expect((await api('GET', path, { token: dev.token })).status).toBe(403)
    expect(
      (await api('PUT', `${path}/${encodeURIComponent(e)}`, { token: dev.token, json: { access_level: 20 } })).status,
    ).toBe(403)
    const del = await api('DELETE', `${path}/${encodeURIComponent(e)}`, { token: dev.token })
    expect(del.status).toBe(403)
    expect(del.body).toEqual({ message: '403 Forbidden' })
    const stranger = await createUser()
    expect((await api('GET', path, { token: stranger.token })).status).toBe(404)
  })

  it("refuses e-mails restricted by the sign-up settings, with GitLab's texts", async () => {
    const s = await createSource(kind)
    const noun = kind === 'groups' ? 'group' : 'project'
    const blocked = `${unique('x')}@blocked.example`
    await withSettings({ domain_denylist_enabled: true, domain_denylist: ['blocked.example'] })
    const res = await invite(kind, s.id, { email: `${blocked},${email()}`, access_level: 30 })
    expect(res.body).toEqual({
      status: 'error',
      message: {
        [blocked]: `The member's email address is not allowed for this ${noun}. Go to the &#39;Admin area &gt; Sign-up restrictions&#39;, and check the &#39;Domain denylist&#39;.`,
      },
    })
    await withSettings({ email_restrictions_enabled: true, email_restrictions: '\\+' })
    const owner = await createUser()
    const own = await createSource(kind, owner.token)
    const plus = `a+${unique('x')}@example.com`
    const r2 = await invite(kind, own.id, { email: plus, access_level: 30 }, owner.token)
    expect(r2.body).toEqual({
      status: 'error',
      message: { [plus]: `The member's email address is not allowed for this ${noun}. Check with your administrator.` },
    })
  })

  it('accepts pending invitations when an account with the e-mail is created', async () => {
    const s = await createSource(kind)
    const username = unique('newcomer')
    await invite(kind, s.id, { email: `${username}@Example.com`, access_level: 20, expires_at: day(40) })
    const user = await api('POST', '/users', {
      json: {
        username,
        email: `${username}@example.com`,
        name: username,
        password: 'password-123456',
        skip_confirmation: true,
      },
    })
    expect(user.status).toBe(201)
    const m = await membership(kind, s.id, user.body.id)
    expect(m).toMatchObject({ accessLevel: 20, expiresAt: new Date(day(40)) })
    expect((await api('GET', `/${kind}/${s.id}/invitations`)).body).toEqual([])
  })

  it('accepts through the e-mail link for the signed-in user; the link works once', async () => {
    const s = await createSource(kind)
    const e = email()
    await invite(kind, s.id, { email: e, access_level: 30 })
    const token = tokenOf(await mailTo(e))
    const shown = await api('GET', `/invites/${token}`, { token: null })
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({
      source_type: kind === 'groups' ? 'group' : 'project',
      source_name: s.name,
      access_level: 30,
      access_level_name: 'Developer',
    })
    expect((await api('POST', `/invites/${token}/accept`, { token: null })).status).toBe(401)
    const u = await createUser()
    const ok = await api('POST', `/invites/${token}/accept`, { token: u.token })
    expect(ok.status).toBe(201)
    expect((await membership(kind, s.id, u.id))?.accessLevel).toBe(30)
    expect((await api('POST', `/invites/${token}/accept`, { token: u.token })).status).toBe(404)
    expect((await api('GET', `/invites/${token}`, { token: null })).status).toBe(404)
  })

  it('queues promotions of non-billable users for an administrator, who approves them', async () => {
    const s = await createSource(kind)
    const [fresh, guest] = [await createUser(), await createUser()]
    await withSettings({ enable_member_promotion_management: true })
    const res = await invite(kind, s.id, { user_id: `${fresh.id},${guest.id}`, access_level: 30 })
    expect(res.body).toEqual({
      status: 'success',
      queued_users: {
        [fresh.username]: 'Request queued for administrator approval.',
        [guest.username]: 'Request queued for administrator approval.',
      },
    })
    expect(await membership(kind, s.id, fresh.id)).toBeNull()
    // Guest is not billable: no queue.
    const other = await createSource(kind)
    expect((await invite(kind, other.id, { user_id: fresh.id, access_level: 10 })).body).toEqual({ status: 'success' })

    const pending = await api('GET', '/admin/member_approvals', { query: { status: 'pending', per_page: 100 } })
    expect(pending.status).toBe(200)
    const mine = pending.body.find(
      (a: { user: { id: number }; source_id: number }) => a.user.id === fresh.id && a.source_id === s.id,
    )
    expect(mine).toMatchObject({
      status: 'pending',
      access_level: 30,
      source_name: expect.any(String),
      requested_by: { username: 'root' },
    })
    expect((await api('GET', '/admin/member_approvals', { token: fresh.token })).status).toBe(403)
    const approved = await api('POST', `/admin/member_approvals/${mine.id}/approve`)
    expect(approved.status).toBe(201)
    expect(approved.body).toMatchObject({ status: 'approved', reviewed_by: { username: 'root' } })
    expect((await membership(kind, s.id, fresh.id))?.accessLevel).toBe(30)
    expect((await api('POST', `/admin/member_approvals/${mine.id}/deny`)).status).toBe(409)
    const guests = pending.body.find(
      (a: { user: { id: number }; source_id: number }) => a.user.id === guest.id && a.source_id === s.id,
    )
    const denied = await api('POST', `/admin/member_approvals/${guests.id}/deny`)
    expect(denied.status).toBe(201)
    expect(denied.body).toMatchObject({
      id: guests.id,
      status: 'denied',
      reviewed_by: { username: 'root' },
      expires_at: null,
    })
    expect(await membership(kind, s.id, guest.id)).toBeNull()
  })
})

describe('invitation rules specific to a source kind', () => {
  it('a project maintainer cannot invite an Owner (403) but can invite a Maintainer', async () => {
    const p = await createSource('projects')
    const maintainer = await createUser()
    await api('POST', `/projects/${p.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } })
    expect((await invite('projects', p.id, { email: email(), access_level: 50 }, maintainer.token)).status).toBe(403)
    expect((await invite('projects', p.id, { email: email(), access_level: 40 }, maintainer.token)).body).toEqual({
      status: 'success',
    })
  })

  it('disable_invite_members forbids inviting for everyone but administrators', async () => {
    const owner = await createUser()
    const g = await createSource('groups', owner.token)
    await withSettings({ disable_invite_members: true })
    expect((await invite('groups', g.id, { email: email(), access_level: 30 }, owner.token)).status).toBe(403)
    expect((await invite('groups', g.id, { email: email(), access_level: 30 })).status).toBe(201)
  })

  it('accepts invitations on sign-in once the e-mail is confirmed, not before', async () => {
    const g = await createSource('groups')
    const username = unique('late')
    await invite('groups', g.id, { email: `${username}@example.com`, access_level: 30 })
    const user = await api('POST', '/users', {
      json: {
        username,
        email: `${username}@example.com`,
        name: username,
        password: 'password-123456',
        skip_confirmation: false,
      },
    })
    expect(user.status).toBe(201)
    expect(await membership('groups', g.id, user.body.id)).toBeNull()
    expect(await authorizeLogin(username, 'password-123456')).not.toBeNull()
    expect(await membership('groups', g.id, user.body.id)).toBeNull()

    const db = await getDb()
    await db.user.update({ where: { id: user.body.id }, data: { confirmedAt: new Date() } })
    expect(await authorizeLogin(username, 'password-123456')).not.toBeNull()
    expect((await membership('groups', g.id, user.body.id))?.accessLevel).toBe(30)
    expect(await db.invitation.count({ where: { emailLower: `${username}@example.com` } })).toBe(0)
  })

  it('works through @gitbeaker/rest (add, all with query, edit, remove)', async () => {
    const gl = await gitlab()
    const p = await createSource('projects')
    const e = email('gb')
    expect(await gl.ProjectInvitations.add(p.id, 30, { email: e })).toEqual({ status: 'success' })
    const listed = await gl.ProjectInvitations.all(p.id, { query: e })
    expect(listed.map((i) => i.invite_email)).toEqual([e])
    const edited = await gl.ProjectInvitations.edit(p.id, e, { accessLevel: 20, expiresAt: day(5) })
    expect(edited).toMatchObject({ access_level: 20, expires_at: day(5) })
    await gl.ProjectInvitations.remove(p.id, e)
    expect(await gl.ProjectInvitations.all(p.id)).toEqual([])
  })
})
