// Debian's python3-gitlab against the groups/snippets/invitations/tokens/sharing/schedule features:
// test/clients/python_gitlab_groups.py does the calls and prints JSON; this checks it.
import { execFile } from 'node:child_process'
import { writeFileSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { api, failureText, ROOT_TOKEN, unique } from '../helpers'
import { serverUrl } from '../setup/server'

const run = promisify(execFile)
const SCRIPT = path.join(import.meta.dirname, '..', 'clients', 'python_gitlab_groups.py')
// The smallest valid PNG (1×1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

describe('python-gitlab (groups, snippets, invitations, tokens, sharing, schedules)', () => {
  it(
    'saves a group with an avatar, creates snippets, invitations and tokens, shares and adds schedule variables',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pyavatar-'))
      const avatar = path.join(dir, 'logo.png')
      writeFileSync(avatar, PNG)
      const prefix = unique('pyg')
      const { stdout } = await run('/usr/bin/python3', [SCRIPT, await serverUrl(), ROOT_TOKEN, prefix, avatar], {
        timeout: 50_000,
      }).catch((e: unknown) => {
        throw new Error(`python_gitlab_groups.py failed:\n${failureText(e)}`, { cause: e })
      })
      const out = JSON.parse(stdout)
      expect(out.warnings).toEqual([])
      expect(out.group).toEqual({
        description: 'set by python-gitlab',
        request_access_enabled: false,
        has_avatar: true,
      })
      expect(out.snippet).toEqual({ file_name: 'a.py', files: ['a.py', 'b.txt'], raw: 'print(1)\n' })
      expect(out.user_agent).toMatch(/python-gitlab/)
      expect(out.invite_ok).toBe('success')
      expect(out.invite_error).toContain('Invite email is invalid')
      expect(out.invitations).toEqual([`${prefix}@example.com`])
      expect(out.access_token).toEqual({ has_token: true, access_level: 30 })
      expect(out.bot_sees_project).toBe(true)
      expect(out.shared_with).toHaveLength(1)
      expect(out.schedule_variables).toEqual(['MODE'])

      const group = (await api('GET', `/groups/${encodeURIComponent(prefix)}`)).body
      const file = await fetch(`${await serverUrl()}/api/v4/groups/${group.id}/avatar`, {
        headers: { 'PRIVATE-TOKEN': ROOT_TOKEN },
      })
      expect(file.status).toBe(200)
      // python-gitlab names every avatar part "avatar.png" (its ImageAttribute), whatever the file.
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="avatar\.png"/)
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true)
    },
  )
})
