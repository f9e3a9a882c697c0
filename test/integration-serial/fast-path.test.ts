// The hot paths read through prepared statements (lib/db/fast-read.ts) and caches; the general path
// is Prisma alone. Every read and list the bench drives, asked as an administrator, a member and
// anonymously, must answer the same bytes both ways (status, headers, body), on SQLite and, in CI's
// second pass, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useFastReads } from '../../lib/db'
import { foreignChange } from '../../lib/runtime/invalidation'
import { api, createGroup, createUser, ROOT_TOKEN, unique, writeCiConfig, type ApiResponse } from '../helpers'

const VARYING = new Set(['date', 'x-request-id', 'x-runtime'])
const headersOf = (res: ApiResponse) =>
  [...res.headers].filter(([k]) => !VARYING.has(k)).sort(([a], [b]) => a.localeCompare(b))

let paths: string[] = []
let member = ''

beforeAll(async () => {
  const dev = await createUser()
  member = dev.token
  const group = await createGroup({ visibility: 'public' })
  const sub = await createGroup({ parent: group.id, visibility: 'internal' })
  await api('POST', `/groups/${group.id}/members`, { json: { user_id: dev.id, access_level: 30 } })
  const partner = await createGroup()
  expect(
    (await api('POST', `/groups/${group.id}/share`, { json: { group_id: partner.id, group_access: 30 } })).status,
  ).toBe(201)
  const projects = []
  for (const [i, visibility] of ['public', 'internal', 'private'].entries()) {
    const name = unique(`fast-path-${i}`)
    const res = await api('POST', '/projects', {
      json: { name, path: name, namespace_id: i === 2 ? sub.id : group.id, visibility, initialize_with_readme: true },
    })
    expect(res.status).toBe(201)
    projects.push(res.body.id as number)
  }
  const project = projects[0]!
  await writeCiConfig(project, 'build:\n  script: echo hello\n')
  const pipeline = await api('POST', `/projects/${project}/pipeline`, { query: { ref: 'main' } })
  expect(pipeline.status).toBe(201)
  const schedule = await api('POST', `/projects/${project}/pipeline_schedules`, {
    json: { description: 'nightly', ref: 'main', cron: '0 2 * * *', cron_timezone: 'Europe/Berlin' },
  })
  for (const key of ['B_VAR', 'A_VAR'])
    expect(
      (
        await api('POST', `/projects/${project}/pipeline_schedules/${schedule.body.id as number}/variables`, {
          json: { key, value: key.toLowerCase() },
        })
      ).status,
    ).toBe(201)
  const snippet = await api('POST', `/projects/${project}/snippets`, {
    json: { title: 'notes', visibility: 'public', files: [{ file_path: 'a.md', content: '# a' }] },
  })
  await api('POST', `/projects/${project}/issues`, { json: { title: 'first' } })
  const runner = await api('POST', '/user/runners', {
    json: { runner_type: 'instance_type', description: 'fast path runner' },
  })
  // Its manager, as a runner's first contact makes it (read back on the runner's page).
  expect(
    (
      await api('POST', '/runners/verify', {
        token: null,
        json: { token: runner.body.token, system_id: 's_fastpath01' },
      })
    ).status,
  ).toBe(200)
  await api('POST', '/broadcast_messages', { json: { message: unique('fast path broadcast') } })
  paths = [
    `/projects/${project}`,
    `/projects/${projects[2]!}`,
    '/projects?per_page=20',
    '/projects?pagination=keyset&order_by=id&sort=desc&per_page=20',
    '/projects?membership=true&per_page=20',
    '/groups?per_page=20',
    '/groups?pagination=keyset&order_by=name&sort=asc&per_page=20',
    `/groups/${group.id}`,
    `/groups/${group.id}/projects?per_page=20`,
    `/groups/${group.id}/projects?include_subgroups=true`,
    `/groups/${group.id}/subgroups`,
    `/groups/${group.id}/members`,
    `/groups/${sub.id}/members/all`,
    `/projects/${project}/members/all`,
    '/broadcast_messages',
    `/projects/${project}/pipeline_schedules`,
    `/projects/${project}/pipeline_schedules/${schedule.body.id as number}`,
    `/projects/${project}/pipelines`,
    `/projects/${project}/pipelines/${pipeline.body.id as number}`,
    `/projects/${project}/snippets`,
    `/projects/${project}/snippets/${snippet.body.id as number}`,
    `/projects/${project}/issues`,
    '/runners/all?per_page=20',
    `/runners/${runner.body.id as number}`,
    `/runners/${runner.body.id as number}/managers`,
    '/user',
    `/users/${dev.id}`,
    '/users?per_page=20',
    '/namespaces',
    '/application/settings',
    '/bulk_imports',
  ]
})

afterAll(() => useFastReads(true))

async function answers(token: string | null) {
  const out: { path: string; status: number; headers: [string, string][]; body: string }[] = []
  for (const path of paths) {
    const res = await api('GET', path, { token })
    out.push({ path, status: res.status, headers: headersOf(res), body: res.text })
  }
  return out
}

/**
 * The same requests with every cache emptied first, so each answer is read and rendered afresh.
 * Files running beside this one add users (the instance-wide `/users` list): a pass during which
 * the fast path's answers changed (read again after the general pass) is taken again.
 */
async function both(token: string | null) {
  // A first read may write (GitLab makes a project's runners token on its first admin read).
  await answers(token)
  for (let attempt = 1; ; attempt++) {
    foreignChange()
    const fast = await answers(token)
    useFastReads(false)
    let general: Awaited<ReturnType<typeof answers>>
    try {
      foreignChange()
      general = await answers(token)
    } finally {
      useFastReads(true)
    }
    foreignChange()
    const settled = JSON.stringify(await answers(token)) === JSON.stringify(fast)
    if (settled || attempt === 5) return { fast, general }
  }
}

describe('fast and general paths', () => {
  for (const [who, token] of [
    ['an administrator', () => ROOT_TOKEN],
    ['a member', () => member],
    ['an anonymous caller', () => null],
  ] as const) {
    it(`answer ${who} with the same bytes`, async () => {
      const { fast, general } = await both(token())
      expect(general).toEqual(fast)
      // The comparison means something only if most requests found what they asked for.
      expect(fast.filter((a) => a.status === 200).length).toBeGreaterThan(token() ? 20 : 8)
    })
  }
})
