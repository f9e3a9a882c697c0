// Group epics (GitLab's ee/lib/api/epics.rb): create with every field, list filters across the
// subtree, show/update/close/reopen/delete, iids under concurrent creates, and the permission rules
// (confidential epics for Planner/Reporter+, 403 for an unknown iid, 404 for an unseen group).
import { beforeAll, describe, expect, it } from 'vitest'
import { flushTokenUses } from '../../lib/auth/last-used'
import { getDb, queryCount } from '../../lib/db'
import { api, createGroup, createUser } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let group: { id: number; full_path: string }
let sub: { id: number; full_path: string }
let guest: User
let planner: User
let reporter: User
let maintainer: User
let outsider: User

const ENTITY_KEYS = [
  'id',
  'iid',
  'color',
  'text_color',
  'group_id',
  'parent_id',
  'parent_iid',
  'imported',
  'imported_from',
  'title',
  'description',
  'confidential',
  'author',
  'start_date',
  'start_date_is_fixed',
  'start_date_fixed',
  'start_date_from_inherited_source',
  'start_date_from_milestones',
  'end_date',
  'due_date',
  'due_date_is_fixed',
  'due_date_fixed',
  'due_date_from_inherited_source',
  'due_date_from_milestones',
  'state',
  'web_edit_url',
  'web_url',
  'references',
  'created_at',
  'updated_at',
  'closed_at',
  'labels',
  'upvotes',
  'downvotes',
  '_links',
]

async function member(groupId: number, u: User, level: number) {
  const res = await api('POST', `/groups/${groupId}/members`, { json: { user_id: u.id, access_level: level } })
  expect(res.status).toBe(201)
}

async function epic(json: Record<string, unknown>, groupId = group.id, token?: string) {
  const res = await api('POST', `/groups/${groupId}/epics`, { json, token })
  expect(res.status, res.text).toBe(201)
  return res.body
}

beforeAll(async () => {
  group = await createGroup({ visibility: 'public' })
  sub = await createGroup({ parent: group.id, visibility: 'public' })
  ;[guest, planner, reporter, maintainer, outsider] = await Promise.all([
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser(),
  ])
  await member(group.id, guest, 10)
  await member(group.id, planner, 15)
  await member(group.id, reporter, 20)
  await member(group.id, maintainer, 40)
})

describe('epics', () => {
  it("creates an epic with every field and answers GitLab's entity", async () => {
    const parent = await epic({ title: 'Parent' })
    const res = await api('POST', `/groups/${group.id}/epics`, {
      json: {
        title: 'Roadmap',
        description: 'The plan',
        labels: 'zeta,alpha',
        confidential: true,
        start_date_fixed: '2026-01-15',
        start_date_is_fixed: true,
        due_date_fixed: '2026-03-31',
        due_date_is_fixed: true,
        parent_id: parent.id,
        color: '#ffcc00',
      },
    })
    expect(res.status, res.text).toBe(201)
    const e = res.body
    expect(Object.keys(e)).toEqual(ENTITY_KEYS)
    const base = new URL(e.web_url).origin
    expect(e).toMatchObject({
      iid: (parent.iid as number) + 1,
      group_id: group.id,
      parent_id: parent.id,
      parent_iid: parent.iid,
      title: 'Roadmap',
      description: 'The plan',
      confidential: true,
      author: { username: 'root' },
      start_date: '2026-01-15',
      start_date_is_fixed: true,
      start_date_fixed: '2026-01-15',
      start_date_from_milestones: null,
      start_date_from_inherited_source: null,
      end_date: '2026-03-31',
      due_date: '2026-03-31',
      due_date_is_fixed: true,
      due_date_fixed: '2026-03-31',
      state: 'opened',
      web_edit_url: `/groups/${group.full_path}/-/epics/${e.iid}`,
      web_url: `${base}/groups/${group.full_path}/-/epics/${e.iid}`,
      references: { short: `&${e.iid}`, relative: `&${e.iid}`, full: `${group.full_path}&${e.iid}` },
      closed_at: null,
      labels: ['alpha', 'zeta'],
      upvotes: 0,
      downvotes: 0,
      color: '#ffcc00',
      text_color: '#1F1E24',
      imported: false,
      imported_from: 'none',
      _links: {
        self: `${base}/api/v4/groups/${group.id}/epics/${e.iid}`,
        epic_issues: `${base}/api/v4/groups/${group.id}/epics/${e.iid}/issues`,
        group: `${base}/api/v4/groups/${group.id}`,
        parent: `${base}/api/v4/groups/${group.id}/epics/${parent.iid}`,
      },
    })
    expect(parent._links.parent).toBeNull()
    expect(parent).toMatchObject({
      start_date: null,
      due_date: null,
      color: '#1068bf',
      text_color: '#FFFFFF',
      labels: [],
    })
    // python-gitlab's names: start_date/end_date are the fixed dates.
    const aliased = await epic({
      title: 'Aliased',
      start_date: '2026-02-01',
      end_date: '2026-02-28',
      labels: ['one', 'two'],
    })
    expect(aliased).toMatchObject({
      start_date_fixed: '2026-02-01',
      due_date_fixed: '2026-02-28',
      start_date: null,
      labels: ['one', 'two'],
    })

    const row = await (await getDb()).epic.findUniqueOrThrow({ where: { id: e.id } })
    expect(row).toMatchObject({ groupId: group.id, iid: e.iid, startDateFixed: '2026-01-15', confidential: true })
  })

  it('validates like GitLab: title missing, blank, bad colour, parent outside the hierarchy', async () => {
    expect((await api('POST', `/groups/${group.id}/epics`, { json: {} })).body).toEqual({ error: 'title is missing' })
    const blank = await api('POST', `/groups/${group.id}/epics`, { json: { title: ' ' } })
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({ message: { title: ["can't be blank"] } })
    expect((await api('POST', `/groups/${group.id}/epics`, { json: { title: 'x', color: 'nope' } })).body).toEqual({
      message: { color: ['must be a valid color code'] },
    })
    const other = await createGroup()
    const foreign = await epic({ title: 'Elsewhere' }, other.id)
    const wrong = await api('POST', `/groups/${group.id}/epics`, { json: { title: 'x', parent_id: foreign.id } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message.base[0]).toMatch(/same group or subgroup/)
    const missing = await api('POST', `/groups/${group.id}/epics`, { json: { title: 'x', parent_id: 2147483000 } })
    expect(missing.status).toBe(400)
    // An epic of the parent group may parent an epic of a subgroup; not the other way round.
    const top = await epic({ title: 'Top' })
    const child = await epic({ title: 'Child', parent_id: top.id }, sub.id)
    expect(child.parent_id).toBe(top.id)
    expect((await api('POST', `/groups/${group.id}/epics`, { json: { title: 'x', parent_id: child.id } })).status).toBe(
      400,
    )
    const cycle = await api('PUT', `/groups/${group.id}/epics/${top.iid}`, { json: { parent_id: child.id } })
    expect(cycle.status).toBe(400)
  })

  it('lists with state, search, author, labels, order and the subtree, paginated in the database', async () => {
    const g = await createGroup({ visibility: 'public' })
    const s = await createGroup({ parent: g.id, visibility: 'public' })
    const a = await epic({ title: 'Apple pie', labels: 'food,sweet' }, g.id)
    const b = await epic({ title: 'Banana', description: 'yellow apple-ish', labels: 'food' }, g.id)
    await member(g.id, planner, 15)
    const c = await epic({ title: 'Cherry', labels: 'sweet' }, s.id, planner.token)
    const c2 = await epic({ title: 'Cherry 2' }, s.id, planner.token)
    await api('PUT', `/groups/${g.id}/epics/${b.iid}`, { json: { state_event: 'close' } })
    const titles = async (query: Record<string, string | number | boolean | string[]> = {}, groupId = g.id) => {
      const res = await api('GET', `/groups/${groupId}/epics`, { query })
      expect(res.status, res.text).toBe(200)
      return (res.body as { title: string }[]).map((e) => e.title)
    }
    expect(await titles()).toEqual(['Cherry 2', 'Cherry', 'Banana', 'Apple pie'])
    expect(await titles({ include_descendant_groups: false })).toEqual(['Banana', 'Apple pie'])
    expect(await titles({ state: 'opened' })).toEqual(['Cherry 2', 'Cherry', 'Apple pie'])
    expect(await titles({ state: 'closed' })).toEqual(['Banana'])
    expect(await titles({ search: 'APPLE' })).toEqual(['Banana', 'Apple pie'])
    expect(await titles({ labels: 'food,sweet' })).toEqual(['Apple pie'])
    expect(await titles({ labels: ['sweet'] })).toEqual(['Cherry', 'Apple pie'])
    expect(await titles({ author_id: planner.id })).toEqual(['Cherry 2', 'Cherry'])
    expect(await titles({ order_by: 'title', sort: 'asc' })).toEqual(['Apple pie', 'Banana', 'Cherry', 'Cherry 2'])
    await api('PUT', `/groups/${g.id}/epics/${a.iid}`, { json: { description: 'touched' } })
    expect((await titles({ order_by: 'updated_at' }))[0]).toBe('Apple pie')
    // The subgroup's epics carry relative references from the listed group.
    const listed = (await api('GET', `/groups/${g.id}/epics`, { query: { order_by: 'title', sort: 'asc' } })).body
    expect(listed[2].references.relative).toBe(`${s.full_path}&${c.iid}`)
    expect(c2.iid).toBe((c.iid as number) + 1)

    const page = await api('GET', `/groups/${g.id}/epics`, { query: { per_page: 3, page: 2 } })
    expect(page.body.map((e: { title: string }) => e.title)).toEqual(['Apple pie'])
    expect(page.headers.get('x-total')).toBe('4')
    expect(page.headers.get('x-total-pages')).toBe('2')
    expect(page.headers.get('x-page')).toBe('2')
    expect(page.headers.get('x-per-page')).toBe('3')
    expect(page.headers.get('x-prev-page')).toBe('1')
    expect(page.headers.get('x-next-page')).toBe('')
    expect(page.headers.get('link')).toContain('rel="first"')
    expect((await api('GET', `/groups/${g.id}/epics`, { query: { state: 'bogus' } })).status).toBe(400)
  })

  it('shows, updates, closes, reopens and deletes', async () => {
    const e = await epic({ title: 'Lifecycle', labels: 'a,b' })
    const shown = await api('GET', `/groups/${group.id}/epics/${e.iid}`)
    expect(shown.status).toBe(200)
    expect(Object.keys(shown.body)).toEqual(
      [...ENTITY_KEYS.slice(0, -1), 'subscribed', '_links'].filter((k, i, all) => all.indexOf(k) === i),
    )
    expect(shown.body.subscribed).toBe(true)
    // The path form of the group works too.
    expect((await api('GET', `/groups/${encodeURIComponent(group.full_path)}/epics/${e.iid}`)).body.id).toBe(e.id)

    const none = await api('PUT', `/groups/${group.id}/epics/${e.iid}`, { json: {} })
    expect(none.status).toBe(400)
    expect(none.body).toEqual({
      error:
        'add_labels, color, confidential, description, due_date_fixed, due_date_is_fixed, labels, parent_id, remove_labels, start_date_fixed, start_date_is_fixed, state_event, title are missing, at least one parameter must be provided',
    })
    const updated = await api('PUT', `/groups/${group.id}/epics/${e.iid}`, {
      json: {
        title: 'Renamed',
        add_labels: 'c',
        remove_labels: 'a',
        due_date_fixed: '2027-05-01',
        due_date_is_fixed: true,
      },
    })
    expect(updated.status, updated.text).toBe(200)
    expect(updated.body).toMatchObject({ title: 'Renamed', labels: ['b', 'c'], due_date: '2027-05-01' })
    const closed = await api('PUT', `/groups/${group.id}/epics/${e.iid}`, { json: { state_event: 'close' } })
    expect(closed.body.state).toBe('closed')
    expect(Date.parse(closed.body.closed_at)).not.toBeNaN()
    const reopened = await api('PUT', `/groups/${group.id}/epics/${e.iid}`, { json: { state_event: 'reopen' } })
    expect(reopened.body).toMatchObject({ state: 'opened', closed_at: null })
    expect((await api('PUT', `/groups/${group.id}/epics/${e.iid}`, { json: { labels: '' } })).body.labels).toEqual([])

    expect((await api('DELETE', `/groups/${group.id}/epics/${e.iid}`, { token: maintainer.token })).status).toBe(403)
    expect((await api('DELETE', `/groups/${group.id}/epics/${e.iid}`, { token: reporter.token })).status).toBe(403)
    const del = await api('DELETE', `/groups/${group.id}/epics/${e.iid}`, { token: planner.token })
    expect(del.status).toBe(204)
    expect(await (await getDb()).epic.findUnique({ where: { id: e.id } })).toBeNull()
    expect((await api('GET', `/groups/${group.id}/epics/${e.iid}`)).body).toEqual({ message: '403 Forbidden' })
    const owned = await epic({ title: 'Owner deletes' })
    expect((await api('DELETE', `/groups/${group.id}/epics/${owned.iid}`)).status).toBe(204)
  })

  it('gives 20 concurrent creates distinct iids', async () => {
    const g = await createGroup()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', `/groups/${g.id}/epics`, { json: { title: `Parallel ${i}` } })),
    )
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201))
    expect(results.map((r) => r.body.iid as number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    )
    const row = await (
      await getDb()
    ).internalId.findUniqueOrThrow({
      where: { namespaceId_usage: { namespaceId: g.id, usage: 'epics' } },
    })
    expect(row.lastValue).toBe(20)
  })

  it('hides confidential epics from guests and anonymous users; planners and reporters see them', async () => {
    const secret = await epic({ title: 'Secret', confidential: true })
    const open = await epic({ title: 'Open' })
    const ids = async (token: string | null) =>
      (
        (await api('GET', `/groups/${group.id}/epics`, { token, query: { per_page: 100 } })).body as { id: number }[]
      ).map((e) => e.id)
    expect(await ids(guest.token)).not.toContain(secret.id)
    expect(await ids(guest.token)).toContain(open.id)
    expect(await ids(null)).not.toContain(secret.id)
    expect(await ids(null)).toContain(open.id)
    expect(await ids(planner.token)).toContain(secret.id)
    expect(await ids(reporter.token)).toContain(secret.id)
    // Membership of the parent group counts in the subgroup too.
    const subSecret = await epic({ title: 'Sub secret', confidential: true }, sub.id)
    expect((await api('GET', `/groups/${sub.id}/epics/${subSecret.iid}`, { token: planner.token })).status).toBe(200)
    expect((await api('GET', `/groups/${group.id}/epics/${secret.iid}`, { token: guest.token })).body).toEqual({
      message: '403 Forbidden',
    })
    expect((await api('GET', `/groups/${group.id}/epics/${secret.iid}`, { token: null })).status).toBe(403)
    expect((await api('GET', `/groups/${group.id}/epics/${open.iid}`, { token: null })).status).toBe(200)
    // Anonymous reads a public group's epics, but never writes.
    expect((await api('POST', `/groups/${group.id}/epics`, { token: null, json: { title: 'x' } })).status).toBe(401)
    // Guests and outsiders may not create; planners may.
    expect((await api('POST', `/groups/${group.id}/epics`, { token: guest.token, json: { title: 'x' } })).body).toEqual(
      { message: '403 Forbidden' },
    )
    expect(
      (await api('POST', `/groups/${group.id}/epics`, { token: outsider.token, json: { title: 'x' } })).status,
    ).toBe(403)
    expect(
      (await api('PUT', `/groups/${group.id}/epics/${open.iid}`, { token: guest.token, json: { title: 'y' } })).status,
    ).toBe(403)
    await epic({ title: 'By planner' }, group.id, planner.token)
  })

  it('answers 403 for an unknown iid and 404 Group Not Found for a group the caller cannot see', async () => {
    expect((await api('GET', `/groups/${group.id}/epics/999999`)).body).toEqual({ message: '403 Forbidden' })
    expect((await api('PUT', `/groups/${group.id}/epics/999999`, { json: { title: 'x' } })).status).toBe(403)
    expect((await api('DELETE', `/groups/${group.id}/epics/999999`)).status).toBe(403)
    const hidden = await createGroup({ visibility: 'private' })
    const e = await epic({ title: 'Private' }, hidden.id)
    for (const [method, path] of [
      ['GET', `/groups/${hidden.id}/epics`],
      ['GET', `/groups/${hidden.id}/epics/${e.iid}`],
      ['DELETE', `/groups/${hidden.id}/epics/${e.iid}`],
    ] as const) {
      const res = await api(method, path, { token: outsider.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: '404 Group Not Found' })
    }
    expect((await api('GET', `/groups/${hidden.id}/epics`, { token: null })).body).toEqual({
      message: '404 Group Not Found',
    })
    expect(
      (await api('POST', `/groups/${hidden.id}/epics`, { token: outsider.token, json: { title: 'x' } })).body,
    ).toEqual({ message: '404 Group Not Found' })
  })

  it('presents a page with the same number of queries whatever its size', async () => {
    const g = await createGroup({ visibility: 'public' })
    const s = await createGroup({ parent: g.id, visibility: 'public' })
    await member(g.id, planner, 15)
    let parent: { id: number } | null = null
    for (let i = 0; i < 12; i++) {
      const e = await epic(
        { title: `Q ${i}`, labels: `l${i},shared`, parent_id: parent?.id },
        i % 2 ? s.id : g.id,
        i % 3 ? planner.token : undefined,
      )
      if (i % 4 === 0) parent = e
    }
    const queries = async (perPage: number) => {
      await api('GET', `/groups/${g.id}/epics`, { token: planner.token, query: { per_page: perPage } })
      await flushTokenUses()
      let best = Infinity
      for (let i = 0; i < 3; i++) {
        const before = queryCount()
        const res = await api('GET', `/groups/${g.id}/epics`, { token: planner.token, query: { per_page: perPage } })
        expect(res.body).toHaveLength(perPage)
        best = Math.min(best, queryCount() - before)
      }
      return best
    }
    expect(await queries(2)).toBe(await queries(12))
  })
})
