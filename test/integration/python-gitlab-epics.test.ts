// Debian's python3-gitlab against a group's epics: test/clients/python_gitlab_epics.py does the calls
// (create, list with filters, get, save, close, delete) and prints JSON; this checks it.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { api, CLIENTS, createGroup, ROOT_TOKEN, runClient } from '../helpers'
import { serverUrl } from '../setup/server'

describe('python-gitlab (group epics)', () => {
  it('creates, lists, gets, saves, closes and deletes epics unchanged', { timeout: 60_000 }, async () => {
    const group = await createGroup()
    const out = await runClient('python3-gitlab', '/usr/bin/python3', [
      path.join(CLIENTS, 'python_gitlab_epics.py'),
      await serverUrl(),
      ROOT_TOKEN,
      String(group.id),
    ])
    expect(out.created).toEqual({
      iid: 1,
      group_id: group.id,
      labels: ['plan', 'py'],
      start_date_fixed: '2026-04-01',
      due_date_fixed: '2026-04-30',
    })
    expect(out.iids).toEqual([1, 2])
    expect(out.listed).toEqual(['Py epic', 'Py second'])
    expect(out.by_label).toEqual(['Py epic'])
    expect(out.saved).toEqual({ title: 'Py renamed', labels: ['py'] })
    expect(out.closed).toBe('closed')
    expect(out.deleted).toBe(403)
    expect(out.left).toEqual([])
    expect((await api('GET', `/groups/${group.id}/epics`)).body).toEqual([])
  })
})
