// Issues through python-gitlab, and the list's query count whatever the page size.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { flushTokenUses } from '../../lib/auth/last-used'
import { queryCount } from '../../lib/db'
import { api, CLIENTS, createUser, ROOT_TOKEN, runClient, unique } from '../helpers'
import { serverUrl } from '../setup/server'

const base = (p: number) => `/projects/${p}/issues`

describe('python-gitlab', () => {
  it('creates, lists (offset and keyset), gets, saves and deletes issues unchanged', { timeout: 90_000 }, async () => {
    const p = (await api('POST', '/projects', { json: { name: unique('iss-py') } })).body.id
    const out = await runClient('python3-gitlab', '/usr/bin/python3', [
      path.join(CLIENTS, 'python_gitlab_issues.py'),
      await serverUrl(),
      ROOT_TOKEN,
      String(p),
    ])
    expect(out.created).toEqual({ iid: 1, labels: ['client', 'py'], weight: 2, state: 'opened' })
    expect(out.listed).toEqual([1, 2])
    expect(out.keyset).toEqual([1, 2])
    expect(out.saved).toEqual({ title: 'Renamed by python', state: 'closed' })
    expect(out.again).toMatchObject({ title: 'Renamed by python', state: 'closed' })
    expect(out.again.closed_by).toBeGreaterThan(0)
    expect(out.missing).toEqual({ code: 404, message: '404 Issue Not Found' })
    expect(out.after_delete).toEqual([2])
    expect((await api('GET', `/projects/${p}/issues/1`)).status).toBe(404)
  })
})

describe('query counts', () => {
  it('presents a page of issues with the same number of queries whatever its size', async () => {
    const p = (await api('POST', '/projects', { json: { name: unique('iss-qc') } })).body.id
    const other = await createUser()
    for (let i = 0; i < 12; i++) {
      const u = await createUser()
      await api('POST', `/projects/${p}/members`, { json: { user_id: u.id, access_level: 20 } })
      expect((await api('POST', base(p), { token: u.token, json: { title: `q${i}` } })).status).toBe(201)
      await api('PUT', `${base(p)}/${i + 1}`, {
        json: { assignee_ids: [u.id, other.id], labels: `l${i},shared`, state_event: i % 3 ? undefined : 'close' },
      })
    }
    const measure = async (perPage: number) => {
      await api('GET', base(p), { query: { per_page: perPage } })
      await flushTokenUses()
      let best = Infinity
      for (let i = 0; i < 3; i++) {
        const before = queryCount()
        const res = await api('GET', base(p), { query: { per_page: perPage } })
        expect(res.body).toHaveLength(perPage)
        best = Math.min(best, queryCount() - before)
      }
      return best
    }
    expect(await measure(10)).toBe(await measure(2))
  })
})
