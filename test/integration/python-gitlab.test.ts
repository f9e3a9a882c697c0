// Debian's python3-gitlab against the server: test/clients/python_gitlab_smoke.py does the calls
// and prints JSON; this file checks it and the database effects through the API.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { api, failureText, ROOT_TOKEN, unique } from '../helpers'
import { serverUrl } from '../setup/server'

const run = promisify(execFile)
const PYTHON = '/usr/bin/python3'
const SCRIPT = path.join(import.meta.dirname, '..', 'clients', 'python_gitlab_smoke.py')

async function pythonGitlabVersion(): Promise<string> {
  try {
    const { stdout } = await run(PYTHON, ['-c', 'import gitlab; print(gitlab.__version__)'])
    return stdout.trim()
  } catch (e) {
    throw new Error(
      `python-gitlab is not available to ${PYTHON} (${(e as Error).message.split('\n')[0]}). ` +
        'Install it with `apt-get update && apt-get install -y python3-gitlab`; this test does not skip.',
      { cause: e },
    )
  }
}

describe('python-gitlab', () => {
  it('creates, finds, lists (get_all, iterator, keyset), branches and adds members', { timeout: 60_000 }, async () => {
    expect(await pythonGitlabVersion()).toMatch(/^\d+\.\d+/)
    const prefix = unique('py')
    const { stdout, stderr } = await run(PYTHON, [SCRIPT, await serverUrl(), ROOT_TOKEN, prefix], {
      timeout: 50_000,
    }).catch((e: unknown) => {
      throw new Error(`python_gitlab_smoke.py failed:\n${failureText(e)}`, { cause: e })
    })
    const out = JSON.parse(stdout)
    expect(out.warnings, stderr).toEqual([])

    expect(out.user.username).toBe('root')
    expect(out.group).toMatchObject({ full_path: prefix, visibility: 'internal' })
    expect(out.project).toMatchObject({ path_with_namespace: `${prefix}/${prefix}-main`, default_branch: 'main' })
    expect(out.project_by_path).toEqual({ id: out.project.id, name: `${prefix} main` })

    // Four projects, two per page: get_all and the iterator follow Link rel="next" to the end.
    expect(out.list_get_all).toHaveLength(4)
    expect(out.list_get_all[0]).toBe(out.project.id)
    expect(out.list_iterator).toEqual(out.list_get_all)
    expect(out.list_iterator_total).toBe(4)
    expect(out.list_page_2).toEqual(out.list_get_all.slice(2))
    expect(out.list_keyset).toEqual(out.list_get_all)

    expect(out.branch.name).toBe('feature/python')
    expect(out.branch.commit_id).toMatch(/^[0-9a-f]{40}$/)
    expect(out.branch_get).toBe('feature/python')
    expect(out.branches).toEqual(['feature/python', 'main'])

    expect(out.member).toEqual({ id: out.member_user_id, access_level: 30, expires_at: '2999-12-31' })
    expect(out.members).toContain(out.member_user_id)
    expect(out.errors).toEqual({
      missing_project: { code: 404, message: '404 Project Not Found' },
      duplicate_member: { code: 409, message: 'Member already exists' },
    })

    // What python-gitlab did is in the database.
    const group = await api('GET', `/groups/${prefix}`)
    expect(group.body.id).toBe(out.group.id)
    const projects = await api('GET', `/groups/${group.body.id}/projects`, { query: { order_by: 'id', sort: 'asc' } })
    expect(projects.body.map((p: { id: number }) => p.id)).toEqual(out.list_get_all)
    const branch = await api(
      'GET',
      `/projects/${out.project.id}/repository/branches/${encodeURIComponent('feature/python')}`,
    )
    expect(branch.body.commit.id).toBe(out.branch.commit_id)
    expect((await api('GET', `/projects/${out.project.id}/members/${out.member_user_id}`)).body.access_level).toBe(30)
  })
})
