// Group export in GitLab's archive format: POST queues it, download serves a tar.gz with
// VERSION, GITLAB_VERSION and the NDJSON tree of the group and its subgroups.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extract } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'
import { api, createGroup, createUser } from '../helpers'
import { serverUrl } from '../setup/server'

let dir: string
beforeAll(async () => {
  startQueueWorker({ pollMs: 50 })
  dir = await mkdtemp(join(tmpdir(), 'group-export-test-'))
})
afterAll(async () => {
  await stopQueueWorker(2000)
  await rm(dir, { recursive: true, force: true })
})

describe('group export', () => {
  it("builds GitLab's NDJSON archive of the group tree for Owners", async () => {
    const owner = await createUser()
    const maintainer = await createUser()
    const group = await createGroup()
    const sub = await createGroup({ parent: group.id })
    await api('POST', `/groups/${group.id}/members`, { json: { user_id: owner.id, access_level: 50 } })
    await api('POST', `/groups/${sub.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } })
    expect((await api('GET', `/groups/${group.id}/export/download`, { token: owner.token })).body).toEqual({
      message: '404 Not found or has expired',
    })
    expect((await api('POST', `/groups/${sub.id}/export`, { token: maintainer.token })).status).toBe(403)
    const started = await api('POST', `/groups/${group.id}/export`, { token: owner.token })
    expect(started.status).toBe(202)
    expect(started.body).toEqual({ message: '202 Accepted' })

    const deadline = Date.now() + 20_000
    let res: Response
    for (;;) {
      res = await fetch(`${await serverUrl()}/api/v4/groups/${group.id}/export/download`, {
        headers: { 'PRIVATE-TOKEN': owner.token },
      })
      if (res.status === 200) break
      expect(res.status).toBe(404)
      if (Date.now() > deadline) throw new Error('export never became available')
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(
        `attachment; filename="\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{3}_${group.full_path}_export\\.tar\\.gz"`,
      ),
    )
    const archive = join(dir, 'export.tar.gz')
    await writeFile(archive, Buffer.from(await res.arrayBuffer()))
    await extract({ file: archive, cwd: dir })
    expect((await readFile(join(dir, 'VERSION'), 'utf8')).trim()).toBe('0.2.4')
    expect((await readFile(join(dir, 'tree', 'groups', '_all.ndjson'), 'utf8')).trim().split('\n').map(Number)).toEqual(
      [group.id, sub.id],
    )
    const attrs = JSON.parse(await readFile(join(dir, 'tree', 'groups', `${sub.id}.json`), 'utf8'))
    expect(attrs).toMatchObject({
      id: sub.id,
      parent_id: group.id,
      path: sub.path,
      visibility_level: expect.any(Number),
    })
    const members = (await readFile(join(dir, 'tree', 'groups', String(sub.id), 'members.ndjson'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ access_level: 40, user: expect.objectContaining({ username: maintainer.username }) }),
      ]),
    )
    expect((await readdir(join(dir, 'tree', 'groups', String(group.id)))).sort()).toEqual([
      'badges.ndjson',
      'boards.ndjson',
      'labels.ndjson',
      'members.ndjson',
      'milestones.ndjson',
    ])
  })

  it('limits export requests per user as GitLab does (group_export_limit a minute)', async () => {
    const owner = await createUser()
    const group = await createGroup()
    await api('POST', `/groups/${group.id}/members`, { json: { user_id: owner.id, access_level: 50 } })
    const settings = (await api('GET', '/application/settings')).body
    // The limit counts per clock minute: start well inside one, so the window cannot turn mid-test.
    while (Date.now() % 60_000 > 55_000) await new Promise((r) => setTimeout(r, 250))
    const statuses: number[] = []
    for (let i = 0; i <= settings.group_export_limit; i++)
      statuses.push((await api('POST', `/groups/${group.id}/export`, { token: owner.token })).status)
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true)
    const refused = await api('POST', `/groups/${group.id}/export`, { token: owner.token })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      message: { error: 'This endpoint has been requested too many times. Try again later.' },
    })
  })
})
