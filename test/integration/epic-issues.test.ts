// GitLab's epic-issue links: authentication first, the group (404) and epic (403) checks, 201/409/404
// on assign, moves with GitLab's move_before_id/move_after_id meaning, removal, the readable-only
// list, relative positions that never tie (rebalanced when a gap closes, concurrent moves).
import { beforeAll, describe, expect, it } from 'vitest'
import path from 'node:path'
import { getDb } from '../../lib/db'
import { api, CLIENTS, createGroup, createUser, ROOT_TOKEN, runClient, unique } from '../helpers'
import { serverUrl } from '../setup/server'

type User = Awaited<ReturnType<typeof createUser>>
let planner: User
let outsider: User
let group: { id: number; full_path: string }
let project: number
let privateProject: number

const newIssue = async (projectId = project, title = unique('issue')) => {
  const res = await api('POST', `/projects/${projectId}/issues`, { json: { title } })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number; iid: number; title: string }
}
const newEpic = async (title = unique('epic')) => {
  const res = await api('POST', `/groups/${group.id}/epics`, { json: { title } })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number; iid: number }
}
const links = (epicIid: number) => `/groups/${group.id}/epics/${epicIid}/issues`
const order = async (epicIid: number, token = planner.token) =>
  ((await api('GET', links(epicIid), { token, query: { per_page: 100 } })).body as { id: number }[]).map((i) => i.id)

beforeAll(async () => {
  ;[planner, outsider] = await Promise.all([createUser(), createUser()])
  group = await createGroup({ visibility: 'public' })
  expect(
    (await api('POST', `/groups/${group.id}/members`, { json: { user_id: planner.id, access_level: 15 } })).status,
  ).toBe(201)
  const p = await api('POST', '/projects', {
    json: { name: unique('ep'), namespace_id: group.id, visibility: 'public' },
  })
  project = p.body.id
  // A project outside the group the planner cannot read.
  privateProject = (await api('POST', '/projects', { json: { name: unique('hidden'), visibility: 'private' } })).body.id
})

describe('epic-issue links', () => {
  it('answers 401 to anonymous callers even on a public group, 404 for an unseen group, 403 for an unknown epic', async () => {
    const epic = await newEpic()
    const anon = await api('GET', links(epic.iid), { token: null })
    expect(anon.status).toBe(401)
    expect(anon.body).toEqual({ message: '401 Unauthorized' })
    const hidden = await createGroup({ visibility: 'private' })
    const unseen = await api('GET', `/groups/${hidden.id}/epics/1/issues`, { token: outsider.token })
    expect(unseen.status).toBe(404)
    expect(unseen.body).toEqual({ message: '404 Group Not Found' })
    const unknown = await api('GET', links(99999), { token: planner.token })
    expect(unknown.status).toBe(403)
    expect(unknown.body).toEqual({ message: '403 Forbidden' })
  })

  it('assigns with 201 and GitLab’s association body; the newest goes first; the issue shows its epic', async () => {
    const epic = await newEpic()
    const [a, b] = [await newIssue(), await newIssue()]
    const first = await api('POST', `${links(epic.iid)}/${a.id}`, { token: planner.token })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      id: expect.any(Number),
      relative_position: expect.any(Number),
      epic: { id: epic.id, iid: epic.iid, group_id: group.id, reference: `&${epic.iid}` },
      issue: { id: a.id, iid: a.iid },
    })
    await api('POST', `${links(epic.iid)}/${b.id}`, { token: planner.token })
    expect(await order(epic.iid)).toEqual([b.id, a.id])
    const list = await api('GET', links(epic.iid), { token: planner.token })
    expect(list.headers.get('x-total')).toBe('2')
    expect(list.body[1]).toMatchObject({
      id: a.id,
      epic_issue_id: first.body.id,
      relative_position: expect.any(Number),
    })
    const issue = await api('GET', `/projects/${project}/issues/${a.iid}`)
    expect(issue.body.epic).toEqual({ id: epic.id, iid: epic.iid, title: expect.any(String), group_id: group.id })
  })

  it('409 when already in this epic, 404 for an unknown issue, 403 for one the caller cannot relate; another epic’s issue moves', async () => {
    const [e1, e2] = [await newEpic(), await newEpic()]
    const issue = await newIssue()
    expect((await api('POST', `${links(e1.iid)}/${issue.id}`, { token: planner.token })).status).toBe(201)
    const again = await api('POST', `${links(e1.iid)}/${issue.id}`, { token: planner.token })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'Issue(s) already assigned' })
    const unknown = await api('POST', `${links(e1.iid)}/99999999`, { token: planner.token })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: '404 Not found' })
    const hidden = await newIssue(privateProject)
    expect((await api('POST', `${links(e1.iid)}/${hidden.id}`, { token: planner.token })).status).toBe(403)
    const moved = await api('POST', `${links(e2.iid)}/${issue.id}`, { token: planner.token })
    expect(moved.status).toBe(201)
    expect(await order(e1.iid)).toEqual([])
    expect(await order(e2.iid)).toEqual([issue.id])
  })

  it('moves as GitLab means move_before_id and move_after_id; other epics’ links are 404, unknown neighbours change nothing', async () => {
    const epic = await newEpic()
    const issues = [await newIssue(), await newIssue(), await newIssue()]
    const linkOf: Record<number, number> = {}
    for (const i of issues)
      linkOf[i.id] = (await api('POST', `${links(epic.iid)}/${i.id}`, { token: planner.token })).body.id
    const [a, b, c] = issues.map((i) => i.id) as [number, number, number]
    expect(await order(epic.iid)).toEqual([c, b, a])
    // A with move_after_id = C: A ends up directly before C.
    const put = await api('PUT', `${links(epic.iid)}/${linkOf[a]}`, {
      token: planner.token,
      json: { move_after_id: linkOf[c] },
    })
    expect(put.status).toBe(200)
    expect(put.body.map((i: { id: number }) => i.id)).toEqual([a, c, b])
    expect(put.body[0]).toMatchObject({
      subscribed: false,
      epic_issue_id: linkOf[a],
      relative_position: expect.any(Number),
    })
    // B with move_before_id = A: B ends up directly after A.
    await api('PUT', `${links(epic.iid)}/${linkOf[b]}`, { token: planner.token, json: { move_before_id: linkOf[a] } })
    expect(await order(epic.iid)).toEqual([a, b, c])
    // Both: between them.
    await api('PUT', `${links(epic.iid)}/${linkOf[c]}`, {
      token: planner.token,
      json: { move_before_id: linkOf[a], move_after_id: linkOf[b] },
    })
    expect(await order(epic.iid)).toEqual([a, c, b])
    const other = await newEpic()
    const foreign = (await api('POST', `${links(other.iid)}/${(await newIssue()).id}`, { token: planner.token })).body
      .id
    const wrong = await api('PUT', `${links(epic.iid)}/${foreign}`, {
      token: planner.token,
      json: { move_after_id: linkOf[a] },
    })
    expect(wrong.status).toBe(404)
    expect(wrong.body).toEqual({ message: '404 Not found' })
    expect(
      (await api('PUT', `${links(epic.iid)}/${linkOf[a]}`, { token: planner.token, json: { move_after_id: foreign } }))
        .status,
    ).toBe(200)
    expect(await order(epic.iid)).toEqual([a, c, b])
  })

  it('removes with 200 and the association; the list shows only issues the caller may read', async () => {
    const epic = await newEpic()
    const visible = await newIssue()
    const hidden = await newIssue(privateProject)
    const link = (await api('POST', `${links(epic.iid)}/${visible.id}`, { token: planner.token })).body.id
    // root may read both; the planner only the public project's issue
    expect((await api('POST', `${links(epic.iid)}/${hidden.id}`)).status).toBe(201)
    expect(await order(epic.iid, ROOT_TOKEN)).toHaveLength(2)
    expect(await order(epic.iid)).toEqual([visible.id])
    const del = await api('DELETE', `${links(epic.iid)}/${link}`, { token: planner.token })
    expect(del.status).toBe(200)
    expect(del.body).toMatchObject({ id: link, epic: { id: epic.id }, issue: { id: visible.id } })
    expect(await order(epic.iid)).toEqual([])
  })

  it('keeps positions distinct through closing gaps (rebalance) and concurrent moves', async () => {
    const epic = await newEpic()
    const ids: number[] = []
    for (let i = 0; i < 6; i++)
      ids.push((await api('POST', `${links(epic.iid)}/${(await newIssue()).id}`, { token: planner.token })).body.id)
    // Moving the last link between the first two, again and again, halves the gap until it closes.
    for (let i = 0; i < 12; i++) {
      const current = (await api('GET', links(epic.iid), { token: planner.token })).body as { epic_issue_id: number }[]
      const [first, second] = current
      const last = current[current.length - 1]!
      expect(
        (
          await api('PUT', `${links(epic.iid)}/${last.epic_issue_id}`, {
            token: planner.token,
            json: { move_before_id: first!.epic_issue_id, move_after_id: second!.epic_issue_id },
          })
        ).status,
      ).toBe(200)
    }
    const concurrent = await Promise.all(
      ids.map((id, i) =>
        api('PUT', `${links(epic.iid)}/${id}`, {
          token: planner.token,
          json: { move_after_id: ids[(i + 3) % ids.length] },
        }),
      ),
    )
    expect(concurrent.map((r) => r.status)).toEqual(ids.map(() => 200))
    const rows = await (await getDb()).workItemParentLink.findMany({ where: { parentId: epic.id } })
    expect(new Set(rows.map((r) => r.relativePosition)).size).toBe(rows.length)
    expect(rows).toHaveLength(6)
  })

  it('GET /groups/:id/issues finds the readable issues of the group’s projects (what the epic page searches)', async () => {
    const word = unique('needle')
    const visible = await newIssue(project, `${word} visible`)
    const hiddenProject = (
      await api('POST', '/projects', {
        json: { name: unique('grp-hidden'), namespace_id: group.id, visibility: 'private' },
      })
    ).body.id
    const hidden = await newIssue(hiddenProject, `${word} hidden`)
    const asOutsider = await api('GET', `/groups/${group.id}/issues`, {
      token: outsider.token,
      query: { search: word },
    })
    expect(asOutsider.status).toBe(200)
    expect(asOutsider.body.map((i: { id: number }) => i.id)).toEqual([visible.id])
    expect(asOutsider.headers.get('x-total')).toBe('1')
    // the planner inherits Planner on the group's private project too
    const asPlanner = await api('GET', `/groups/${group.id}/issues`, { token: planner.token, query: { search: word } })
    expect(asPlanner.body.map((i: { id: number }) => i.id)).toEqual([hidden.id, visible.id])
  })

  it('works through python-gitlab unchanged', { timeout: 60_000 }, async () => {
    const epic = await newEpic()
    const issues = [await newIssue(), await newIssue(), await newIssue()]
    const out = await runClient('python3-gitlab', '/usr/bin/python3', [
      path.join(CLIENTS, 'python_gitlab_epic_issues.py'),
      await serverUrl(),
      planner.token,
      String(group.id),
      String(epic.iid),
      issues.map((i) => String(i.id)).join(','),
    ])
    const [a, b, c] = issues.map((i) => i.id) as [number, number, number]
    expect(out.created).toEqual([a, b, c])
    expect(out.after_create).toEqual([c, b, a])
    expect(out.after_move).toEqual([c, a, b])
    expect(out.after_delete).toEqual([a, b])
    expect(await order(epic.iid)).toEqual([a, b])
  })
})
