// Fixture kinds for the rows that act on a group tree's credentials and identities: SAML identities
// and group links, the enterprise inventory's tokens and keys (top-level group only), tokens revoked
// by value, and project runners shared between two projects of the subject's group.
import { setEnterpriseGroup } from '../../lib/enterprise/users'
import { getDb } from '../../lib/db'
import { api, unique } from '../helpers'
import { newEd25519Line } from '../ssh-key'
import type { Subject } from './actors'
import { group, made, project, userJson, type Make } from './fixture-helpers'

const top = (s: Subject) => `/groups/${s.top.id}`
const newUser = async () => (await made('user', api('POST', '/users', { json: userJson() }))) as { id: number }

/** A user the subject's top-level group owns (an enterprise user), by id. */
async function enterpriseUser(s: Subject): Promise<number> {
  const u = await newUser()
  await setEnterpriseGroup(u.id, s.top.id)
  return u.id
}

/** A project runner of a second project in the subject's group, of the subject project's visibility. */
async function otherProjectRunner(s: Subject): Promise<string> {
  const visibility = (await made('project visibility', api('GET', project(s)), 200)).visibility as string
  const q = await made(
    'second project',
    api('POST', '/projects', { json: { name: unique('authz-q'), namespace_id: s.group.id, visibility } }),
  )
  const r = await made(
    'runner',
    api('POST', '/user/runners', {
      json: { runner_type: 'project_type', project_id: q.id, description: unique('authz') },
    }),
  )
  return String(r.id)
}

export const TREE_FIXTURES = {
  /** The subject group's full path (`full_path`: GraphQL finds groups by it). */
  group_path: async (s: Subject) => ({ full_path: s.group.full_path }),
  /**
   * A group SAML identity of the subject's top-level group (`id` the group, `uid` its extern_uid):
   * the API makes identities only at a SAML sign-in, so the row is written as one would.
   */
  top_identity: async (s: Subject) => {
    const u = await newUser()
    const uid = unique('uid')
    await (
      await getDb()
    ).identity.create({ data: { userId: u.id, groupId: s.top.id, provider: 'group_saml', externUid: uid } })
    return { id: String(s.top.id), uid }
  },
  /** A SAML group link of the subject's group (`saml_group_name`). */
  saml_link: async (s: Subject) => {
    const name = unique('saml')
    await made(
      'saml link',
      api('POST', `${group(s)}/saml_group_links`, { json: { saml_group_name: name, access_level: 10 } }),
    )
    return { saml_group_name: name }
  },
  /** An enterprise user's personal access token (`token_id`), on the top-level group (`id`). */
  enterprise_token: async (s: Subject) => {
    const userId = await enterpriseUser(s)
    const t = await made(
      'token',
      api('POST', `/users/${userId}/personal_access_tokens`, { json: { name: unique('authz'), scopes: ['api'] } }),
    )
    return { id: String(s.top.id), token_id: String(t.id) }
  },
  /** An enterprise user's SSH key (`key_id`), on the top-level group (`id`). */
  enterprise_key: async (s: Subject) => {
    const userId = await enterpriseUser(s)
    const k = await made(
      'key',
      api('POST', `/users/${userId}/keys`, { json: { title: unique('authz'), key: newEd25519Line() } }),
    )
    return { id: String(s.top.id), key_id: String(k.id) }
  },
  /** A group access token of the top-level group (`token_id`), on it (`id`). */
  tree_bot_token: async (s: Subject) => {
    const t = await made(
      'group token',
      api('POST', `${top(s)}/access_tokens`, { json: { name: unique('gt'), scopes: ['read_api'], access_level: 10 } }),
    )
    return { id: String(s.top.id), token_id: String(t.id) }
  },
  /** The value of a personal access token of a Guest of the top-level group (`token_value`), on it (`id`). */
  tree_token_value: async (s: Subject) => {
    const u = await newUser()
    await made('member', api('POST', `${top(s)}/members`, { json: { user_id: u.id, access_level: 10 } }))
    const t = await made(
      'token',
      api('POST', `/users/${u.id}/personal_access_tokens`, { json: { name: unique('authz'), scopes: ['api'] } }),
    )
    return { id: String(s.top.id), token_value: t.token as string }
  },
  /** A runner of another project of the subject's group, not assigned to the subject's project (`runner_id`). */
  other_project_runner: async (s: Subject) => ({ runner_id: await otherProjectRunner(s) }),
  /** The same, also assigned to the subject's project: what DELETE /projects/:id/runners/:runner_id removes. */
  shared_project_runner: async (s: Subject) => {
    const runner_id = await otherProjectRunner(s)
    await made('assign', api('POST', `${project(s)}/runners`, { json: { runner_id: Number(runner_id) } }))
    return { runner_id }
  },
} satisfies Record<string, Make>
