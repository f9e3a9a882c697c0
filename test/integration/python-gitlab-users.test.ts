// Debian's python3-gitlab against Admin -> Users: test/clients/python_gitlab_users.py does the calls
// (memberships, identity deletion, deactivate, activate, block, unblock, delete) and prints JSON.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { api, CLIENTS, createGroup, createUser, ROOT_TOKEN, runClient, unique } from '../helpers'
import { serverUrl } from '../setup/server'

describe('python-gitlab (users)', () => {
  it(
    'lists memberships, deletes an identity, changes states and deletes the user unchanged',
    { timeout: 60_000 },
    async () => {
      const owner = await createUser()
      const u = await createUser()
      const group = await createGroup({ token: owner.token })
      const uid = unique('py-uid')
      expect(
        (
          await api('POST', `/groups/${group.id}/saml/sync`, {
            token: owner.token,
            json: { user_id: u.id, extern_uid: uid, groups: [] },
          })
        ).status,
      ).toBe(200)
      expect(
        (await api('POST', `/groups/${group.id}/members`, { json: { user_id: u.id, access_level: 20 } })).status,
      ).toBe(201)
      const out = await runClient('python3-gitlab', '/usr/bin/python3', [
        path.join(CLIENTS, 'python_gitlab_users.py'),
        await serverUrl(),
        ROOT_TOKEN,
        String(u.id),
      ])
      expect(out.identities).toEqual([{ provider: 'group_saml', extern_uid: uid, saml_provider_id: group.id }])
      expect(out.memberships).toEqual([['Namespace', group.name, 20]])
      expect(out.group_memberships).toEqual(['Namespace'])
      expect(out.identities_after).toEqual([])
      expect(out.deactivate).toEqual([true, 'deactivated', null])
      expect(out.activate).toEqual([true, 'active'])
      expect(out.block).toEqual([true, 'blocked', null])
      expect(out.unblock).toEqual([true, 'active'])
      expect(out.deleted).toBe(404)
      expect((await api('GET', `/users/${u.id}`)).status).toBe(404)
    },
  )
})
