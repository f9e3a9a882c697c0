import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let project: number
let projectPath: string
let publicProject: number
let guest: User
let planner: User
let reporter: User
let outsider: User
const base = (p = project) => `/projects/${p}/issues`

const ENTITY_KEYS = [
  'id',
  'iid',
  'project_id',
  'title',
  'description',
  'state',
  'created_at',
  'updated_at',
  'closed_at',
  'closed_by',
  'labels',
  'milestone',
  'assignees',
  'author',
  'type',
  'assignee',
  'user_notes_count',
  'merge_requests_count',
  'upvotes',
  'downvotes',
  'due_date',
  'confidential',
  'discussion_locked',
  'issue_type',
  'web_url',
  'time_stats',
  'task_completion_status',
  'weight',
  'blocking_issues_count',
  'epic_iid',
  'epic',
  'has_tasks',
  '_links',
  'references',
  'severity',
  'subscribed',
  'moved_to_id',
  'imported',
  'imported_from',
  'service_desk_reply_to',
]

beforeAll(async () => {
  const res = (await api('POST', '/projects', { json: { name: unique('iss'), visibility: 'private' } })).body
  project = res.id
  projectPath = res.path_with_namespace
  publicProject = (await api('POST', '/projects', { json: { name: unique('iss-pub'), visibility: 'public' } })).body.id
  ;[guest, planner, reporter, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()])
  for (const p of [project, publicProject])
    for (const [u, level] of [
      [guest, 10],
      [planner, 15],
      [reporter, 20],
    ] as const)
      expect(
        (await api('POST', `/projects/${p}/members`, { json: { user_id: u.id, access_level: level } })).status,
      ).toBe(201)
})

describe('issues: create and show', () => {
  it("creates an issue with GitLab's entity", async () => {
    const res = await api('POST', base(), {
      token: reporter.token,
      json: {
        title: 'First',
        description: 'Body',
        labels: 'bug,ui',
        assignee_ids: [guest.id],
        due_date: '2026-12-01',
        weight: 3,
      },
    })
    expect(res.status).toBe(201)
    const origin = new URL(res.body.web_url).origin
    expect(Object.keys(res.body)).toEqual(ENTITY_KEYS)
    expect(res.body).toMatchObject({
      iid: 1,
      project_id: project,
      title: 'First',
      description: 'Body',
      state: 'opened',
      closed_at: null,
      closed_by: null,
      labels: ['bug', 'ui'],
      milestone: null,
      assignees: [{ id: guest.id, username: guest.username }],
      assignee: { id: guest.id },
      author: { id: reporter.id, username: reporter.username },
      type: 'ISSUE',
      issue_type: 'issue',
      user_notes_count: 0,
      upvotes: 0,
      downvotes: 0,
      merge_requests_count: 0,
      due_date: '2026-12-01',
      confidential: false,
      weight: 3,
      epic: null,
      epic_iid: null,
      has_tasks: false,
      severity: 'UNKNOWN',
      subscribed: true,
      web_url: `${origin}/${projectPath}/-/issues/1`,
      time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
      task_completion_status: { count: 0, completed_count: 0 },
      references: { short: '#1', relative: '#1', full: `${projectPath}#1` },
      _links: {
        self: `${origin}/api/v4/projects/${project}/issues/1`,
        notes: `${origin}/api/v4/projects/${project}/issues/1/notes`,
        award_emoji: `${origin}/api/v4/projects/${project}/issues/1/award_emoji`,
        project: `${origin}/api/v4/projects/${project}`,
      },
    })
    const show = await api('GET', `${base()}/1`, { token: outsider.token })
    expect(show.status).toBe(404)
    expect(show.body).toEqual({ message: '404 Project Not Found' })
    const mine = await api('GET', `${base()}/1`, { token: guest.token })
    expect(mine.status).toBe(200)
    expect(mine.body.title).toBe('First')
  })

  it('answers as Grape for a missing title and 401 anonymously', async () => {
    const res = await api('POST', base(), { json: { description: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'title is missing' })
    expect((await api('POST', base(publicProject), { token: null, json: { title: 'x' } })).status).toBe(401)
    const blank = await api('POST', base(), { json: { title: '  ' } })
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({ message: { title: ["can't be blank"] } })
  })

  it('numbers 20 concurrent creates with distinct iids', async () => {
    const p = (await api('POST', '/projects', { json: { name: unique('iss-race') } })).body.id
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', base(p), { json: { title: `t${i}` } })),
    )
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(201))
    expect(all.map((r) => r.body.iid).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    const db = await getDb()
    const counter = await db.internalId.findUniqueOrThrow({
      where: { projectId_usage: { projectId: p, usage: 'issues' } },
    })
    expect(counter.lastValue).toBe(20)
  })
})

describe('issues: epic', () => {
  it('shows the epic an issue is linked to (epic and epic_iid)', async () => {
    const group = (await api('POST', '/groups', { json: { name: unique('iss-ep'), path: unique('iss-ep') } })).body.id
    const p = (await api('POST', '/projects', { json: { name: unique('iss-ep'), namespace_id: group } })).body.id
    const issue = (await api('POST', base(p), { json: { title: 'in an epic' } })).body
    const db = await getDb()
    const epic = await db.epic.create({ data: { groupId: group, iid: 7, title: 'The epic' } })
    await db.workItemParentLink.create({ data: { parentId: epic.id, childId: issue.id, relativePosition: 0 } })
    const one = await api('GET', `${base(p)}/${issue.iid}`)
    expect(one.body).toMatchObject({ epic_iid: 7, epic: { id: epic.id, iid: 7, title: 'The epic', group_id: group } })
    expect((await api('GET', base(p))).body[0]).toMatchObject({ epic_iid: 7, epic: { id: epic.id } })
  })
})

describe('issues: lists', () => {
  let p: number
  beforeAll(async () => {
    p = (await api('POST', '/projects', { json: { name: unique('iss-list') } })).body.id
    const specs = [
      { title: 'alpha bug', labels: ['bug'], weight: 2, due_date: '2026-01-03' },
      { title: 'beta', description: 'has needle', labels: ['bug', 'ux'], weight: 1 },
      { title: 'gamma', due_date: '2026-01-01' },
      { title: 'delta', labels: 'ux', weight: 5 },
      { title: 'epsilon' },
    ]
    for (const s of specs) expect((await api('POST', base(p), { json: s })).status).toBe(201)
    expect((await api('PUT', `${base(p)}/5`, { json: { state_event: 'close' } })).body.state).toBe('closed')
  })

  it('filters by state, labels, search and iids, newest first by default', async () => {
    const all = await api('GET', base(p))
    expect(all.status).toBe(200)
    expect(all.body.map((i: { iid: number }) => i.iid)).toEqual([5, 4, 3, 2, 1])
    expect(all.headers.get('x-total')).toBe('5')
    expect(all.body[0]).not.toHaveProperty('subscribed')
    const open = await api('GET', base(p), { query: { state: 'opened' } })
    expect(open.body.map((i: { iid: number }) => i.iid)).toEqual([4, 3, 2, 1])
    expect((await api('GET', base(p), { query: { state: 'closed' } })).body.map((i: { iid: number }) => i.iid)).toEqual(
      [5],
    )
    expect(
      (await api('GET', base(p), { query: { labels: 'bug,ux' } })).body.map((i: { iid: number }) => i.iid),
    ).toEqual([2])
    expect((await api('GET', base(p), { query: { labels: 'None' } })).body.map((i: { iid: number }) => i.iid)).toEqual([
      5, 3,
    ])
    expect(
      (await api('GET', base(p), { query: { search: 'NEEDLE' } })).body.map((i: { iid: number }) => i.iid),
    ).toEqual([2])
    expect(
      (await api('GET', base(p), { query: { iids: ['1', '3'] } })).body.map((i: { iid: number }) => i.iid),
    ).toEqual([3, 1])
    expect(
      (await api('GET', base(p), { query: { order_by: 'title', sort: 'asc' } })).body.map(
        (i: { title: string }) => i.title,
      ),
    ).toEqual(['alpha bug', 'beta', 'delta', 'epsilon', 'gamma'])
    const paged = await api('GET', base(p), { query: { per_page: 2, page: 2 } })
    expect(paged.body.map((i: { iid: number }) => i.iid)).toEqual([3, 2])
    expect(paged.headers.get('x-total-pages')).toBe('3')
  })

  it('pages by keyset for every order, nulls last', async () => {
    const walk = async (order_by: string, sort: string) => {
      const seen: number[] = []
      let query: Record<string, string> = { pagination: 'keyset', order_by, sort, per_page: '2' }
      for (let i = 0; i < 10; i++) {
        const res = await api('GET', base(p), { query })
        expect(res.status).toBe(200)
        seen.push(...res.body.map((x: { iid: number }) => x.iid))
        const link = res.headers.get('link')
        if (!link) break
        expect(res.headers.get('x-total')).toBeNull()
        const next = new URL(/<([^>]+)>; rel="next"/.exec(link)![1]!)
        query = Object.fromEntries(next.searchParams)
      }
      return seen
    }
    expect(await walk('id', 'asc')).toEqual([1, 2, 3, 4, 5])
    expect(await walk('created_at', 'desc')).toEqual([5, 4, 3, 2, 1])
    expect(await walk('title', 'asc')).toEqual([1, 2, 4, 5, 3])
    expect(await walk('weight', 'asc')).toEqual([2, 1, 4, 3, 5])
    expect(await walk('weight', 'desc')).toEqual([4, 1, 2, 5, 3])
    expect(await walk('due_date', 'asc')).toEqual([3, 1, 2, 4, 5])
    expect(await walk('due_date', 'desc')).toEqual([1, 3, 5, 4, 2])
    expect(await walk('relative_position', 'asc')).toEqual([1, 2, 3, 4, 5])
    expect(await walk('updated_at', 'desc')).toHaveLength(5)
  })
})

describe('issues: update, close, delete', () => {
  it('updates fields, closes and reopens; the project counts its open issues', async () => {
    const p = (await api('POST', '/projects', { json: { name: unique('iss-upd'), visibility: 'private' } })).body.id
    await api('POST', `/projects/${p}/members`, { json: { user_id: guest.id, access_level: 10 } })
    expect((await api('GET', `/projects/${p}`)).body.open_issues_count).toBe(0)
    const created = await api('POST', base(p), { token: guest.token, json: { title: 'mine', labels: 'dropped' } })
    expect(created.body.labels).toEqual([])
    expect((await api('GET', `/projects/${p}`)).body.open_issues_count).toBe(1)
    const none = await api('PUT', `${base(p)}/1`, { json: {} })
    expect(none.status).toBe(400)
    expect(none.body.error).toMatch(/^title, description, .* are missing, at least one parameter must be provided$/)
    const upd = await api('PUT', `${base(p)}/1`, {
      json: { title: 'renamed', labels: ['a', 'b'], add_labels: 'c', remove_labels: 'a', due_date: '2027-02-03' },
    })
    expect(upd.status).toBe(200)
    expect(upd.body).toMatchObject({ title: 'renamed', labels: ['b', 'c'], due_date: '2027-02-03' })
    expect((await api('PUT', `${base(p)}/1`, { json: { due_date: '2027-02-30' } })).body).toEqual({
      error: 'due_date is invalid',
    })
    // The author (a guest) may edit their own issue; another guest may not.
    expect((await api('PUT', `${base(p)}/1`, { token: guest.token, json: { description: 'by author' } })).status).toBe(
      200,
    )
    const closed = await api('PUT', `${base(p)}/1`, { token: guest.token, json: { state_event: 'close' } })
    expect(closed.body).toMatchObject({ state: 'closed', closed_by: { id: guest.id } })
    expect(closed.body.closed_at).not.toBeNull()
    expect((await api('GET', `/projects/${p}`)).body.open_issues_count).toBe(0)
    const name = (await api<{ name: string }>('GET', `/projects/${p}`)).body.name
    const listed = (await api('GET', '/projects', { query: { search: name } })).body
    expect(listed[0]).toMatchObject({ id: p, open_issues_count: 0 })
    const reopened = await api('PUT', `${base(p)}/1`, { json: { state_event: 'reopen' } })
    expect(reopened.body).toMatchObject({ state: 'opened', closed_at: null, closed_by: null })
    expect((await api('GET', `/projects/${p}`)).body.open_issues_count).toBe(1)
    const del = await api('DELETE', `${base(p)}/1`, { token: guest.token })
    expect(del.status).toBe(403)
    expect((await api('DELETE', `${base(p)}/1`)).status).toBe(204)
    expect((await api('GET', `${base(p)}/1`)).body).toEqual({ message: '404 Issue Not Found' })
    expect((await api('GET', `/projects/${p}`)).body.open_issues_count).toBe(0)
  })

  it("refuses another guest's update", async () => {
    const created = await api('POST', base(), { token: reporter.token, json: { title: 'not yours' } })
    const res = await api('PUT', `${base()}/${created.body.iid}`, { token: guest.token, json: { title: 'x' } })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: '403 Forbidden' })
    expect(
      (await api('PUT', `${base()}/${created.body.iid}`, { token: planner.token, json: { title: 'by planner' } })).body
        .title,
    ).toBe('by planner')
  })
})

describe('issues: visibility', () => {
  it('shows confidential issues to planners, reporters, the author and assignees only', async () => {
    const author = await createUser()
    await api('POST', `/projects/${publicProject}/members`, { json: { user_id: author.id, access_level: 10 } })
    const secret = await api('POST', base(publicProject), {
      token: author.token,
      json: { title: 'secret', confidential: true },
    })
    expect(secret.status).toBe(201)
    const iid = secret.body.iid
    const open = await api('POST', base(publicProject), { token: author.token, json: { title: 'open' } })
    for (const [who, status] of [
      [author.token, 200],
      [planner.token, 200],
      [reporter.token, 200],
      [guest.token, 404],
      [outsider.token, 404],
      [null, 404],
    ] as const) {
      const res = await api('GET', `${base(publicProject)}/${iid}`, { token: who })
      expect(res.status).toBe(status)
      if (status === 404) expect(res.body).toEqual({ message: '404 Issue Not Found' })
      const list = await api('GET', base(publicProject), { token: who })
      expect(list.status).toBe(200)
      const iids = list.body.map((i: { iid: number }) => i.iid)
      expect(iids.includes(iid)).toBe(status === 200)
      expect(iids).toContain(open.body.iid)
    }
    // Anyone signed in counts as a guest of a public project.
    expect(
      (await api('POST', base(publicProject), { token: outsider.token, json: { title: 'drive-by' } })).status,
    ).toBe(201)
  })

  it('honours issues_access_level: disabled answers 403, private is for members', async () => {
    const res = await api('POST', '/projects', {
      json: { name: unique('iss-off'), visibility: 'public', issues_enabled: false },
    })
    expect(res.body).toMatchObject({ issues_enabled: false, issues_access_level: 'disabled' })
    expect(res.body).not.toHaveProperty('open_issues_count')
    const p = res.body.id
    for (const [method, path] of [
      ['GET', base(p)],
      ['POST', base(p)],
      ['GET', `${base(p)}/1`],
    ] as const) {
      const r = await api(method, path, { json: method === 'POST' ? { title: 'x' } : undefined })
      expect(r.status).toBe(403)
      expect(r.body).toEqual({ message: '403 Forbidden' })
    }
    const upd = await api('PUT', `/projects/${p}`, { json: { issues_access_level: 'private' } })
    expect(upd.body).toMatchObject({ issues_enabled: true, issues_access_level: 'private', open_issues_count: 0 })
    expect((await api('POST', base(p), { json: { title: 'members only' } })).status).toBe(201)
    expect((await api('GET', base(p), { token: outsider.token })).status).toBe(403)
    expect((await api('GET', base(p), { token: null })).status).toBe(403)
    await api('PUT', `/projects/${p}`, { json: { issues_access_level: 'enabled' } })
    const anon = await api('GET', base(p), { token: null })
    expect(anon.status).toBe(200)
    expect(anon.body.map((i: { title: string }) => i.title)).toEqual(['members only'])
    expect((await api('GET', `${base(p)}/1`, { token: null })).body.title).toBe('members only')
  })
})

describe('projects: issues settings', () => {
  it('lists only projects with issues available for with_issues_enabled', async () => {
    const group = (await api('POST', '/groups', { json: { name: unique('iss-g'), path: unique('iss-g') } })).body.id
    const on = (
      await api('POST', '/projects', {
        json: { name: unique('on'), namespace_id: group, issues_access_level: 'private' },
      })
    ).body
    const off = (
      await api('POST', '/projects', { json: { name: unique('off'), namespace_id: group, issues_enabled: false } })
    ).body
    expect(on).toMatchObject({ issues_enabled: true, issues_access_level: 'private', open_issues_count: 0 })
    expect(off.issues_access_level).toBe('disabled')
    const all = await api('GET', `/groups/${group}/projects`)
    expect(all.body.map((p: { id: number }) => p.id).sort()).toEqual([on.id, off.id].sort())
    const withIssues = await api('GET', `/groups/${group}/projects`, { query: { with_issues_enabled: true } })
    expect(withIssues.body.map((p: { id: number }) => p.id)).toEqual([on.id])
    const back = await api('PUT', `/projects/${off.id}`, { json: { issues_enabled: true } })
    expect(back.body).toMatchObject({ issues_enabled: true, issues_access_level: 'enabled', open_issues_count: 0 })
  })
})
